import path from "node:path";
import { packFiles } from "../../package/pack.js";
import { readPackageContents } from "../../package/read-dir.js";
import { webPaths } from "./paths.js";

/** The sample the "Publish a connector" page offers as its example: a bundled server, skills, credentials. */
export const EXAMPLE_SAMPLE = "weather";

let packed: Promise<{ bytes: Uint8Array; filename: string }> | undefined;

/** The example package, packed from plugins-sample/ with src/package (once; pack is deterministic). */
export function examplePackage(): Promise<{ bytes: Uint8Array; filename: string }> {
  packed ??= (async () => {
    const { files, executables } = await readPackageContents(path.join(webPaths().samples, EXAMPLE_SAMPLE));
    const manifest = JSON.parse(new TextDecoder().decode(files.get("plugin.json"))) as { version?: string };
    return {
      bytes: await packFiles(files, { executables }),
      filename: `${EXAMPLE_SAMPLE}-${manifest.version ?? "0.0.0"}.tgz`,
    };
  })().catch((error: unknown) => {
    packed = undefined; // retried by the next request
    throw error;
  });
  return packed;
}
