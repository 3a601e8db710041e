import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import type { RegistryRepository } from "../db/repository.js";
import { packFiles } from "../package/pack.js";
import { readPackageContents } from "../package/read-dir.js";
import { createToken, revokeToken } from "./tokens.js";

/** The publisher that owns the samples `npm start` seeds. */
export const SAMPLES_PUBLISHER = "connectory-samples";

/** plugins-sample/ of this checkout (found above this file, from src/ or dist/src/). */
export function samplesDir(): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "plugins-sample");
    if (fs.existsSync(candidate) && fs.existsSync(path.join(dir, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Seeds an empty registry with every folder of `dir` through the real publish path: pack, then
 * PUT /v1/connectors/:name on the app with a token of `connectory-samples`, revoked afterwards.
 * A registry that has any connector is left alone. Returns the names published.
 */
export async function seedSamples(input: {
  app: Hono;
  repo: RegistryRepository;
  dir: string;
  now: () => Date;
  log: (message: string) => void;
}): Promise<string[]> {
  if ((await input.repo.search({ terms: [], sort: "name", limit: 1 })).length > 0) return [];
  const folders = fs
    .readdirSync(input.dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(input.dir, e.name, "plugin.json")))
    .map((e) => e.name)
    .sort();
  const { token, row } = await createToken(input.repo, {
    publisher: SAMPLES_PUBLISHER,
    label: "seed",
    now: input.now(),
  });
  const published: string[] = [];
  try {
    for (const folder of folders) {
      const { files, executables } = await readPackageContents(path.join(input.dir, folder));
      const manifest = JSON.parse(new TextDecoder().decode(files.get("plugin.json"))) as { name?: string };
      const name = manifest.name ?? folder;
      const res = await input.app.request(`http://seed.internal/v1/connectors/${encodeURIComponent(name)}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
        body: await packFiles(files, { executables }),
      });
      if (res.status === 201) published.push(name);
      else input.log(`seed: ${folder} was not published (${res.status}): ${await res.text()}`);
    }
  } finally {
    await revokeToken(input.repo, String(row.id), input.now());
  }
  return published;
}
