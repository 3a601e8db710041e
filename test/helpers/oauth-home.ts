import path from "node:path";
import { ROOT } from "./cli.js";
import { buildHome } from "./home.js";
import { tempDir } from "./tmp.js";

/** The scripted browser stand-in, as $BROWSER (see test/fixtures/browser/browser-stand-in.mjs). */
export const STAND_IN = path.join(ROOT, "test/fixtures/browser/browser-stand-in.mjs");
export const BROWSER = `${process.execPath} ${STAND_IN}`;

/** A home with connector "notes" whose one remote server "notes" signs in with OAuth. */
export async function oauthHome(mcpUrl: string, oauth: Record<string, unknown> = {}): Promise<string> {
  const home = await tempDir();
  await buildHome(home, [
    {
      name: "notes",
      files: {
        "plugin.json": { name: "notes", version: "1.0.0", description: "notes", publisher: "test" },
        "mcp.json": { mcpServers: { notes: { type: "http", url: mcpUrl, oauth } } },
      },
    },
  ]);
  return home;
}
