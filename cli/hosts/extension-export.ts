import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { exportExtensionFiles, exportExtensionName } from "../../src/core/host-catalogs/gemini-export.js";
import type { ExportServer } from "../../src/core/hosts/index.js";
import type { ExportMode, HostAdapter, HostEntry } from "../../src/core/hosts/types.js";
import type { CommandContext } from "../context.js";
import { localizedError, localizedUsageError } from "../terminal/language.js";

// `config export --host gemini-cli --as-extension`: the extension folder, written whole or not at all
// (a temp folder beside it, then renames), replacing only a folder an earlier export wrote.

/** The default folder of the exported extension: `$CONNECTORY_HOME/exports/gemini-cli/<name>`. */
export function defaultExtensionDir(home: string, name: string): string {
  return path.join(home, "exports", "gemini-cli", name);
}

/** Whether a folder holds an extension of this name (so an export may replace it). */
async function ownedExtension(dir: string, name: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await fs.readFile(path.join(dir, "gemini-extension.json"), "utf8")) as {
      name?: unknown;
    };
    return manifest.name === name;
  } catch {
    return false;
  }
}

/** Writes the extension's files into `dir` (its last part must be the extension's name: Gemini CLI asks for it). */
export async function writeExtensionFolder(
  dir: string,
  name: string,
  files: ReadonlyMap<string, string>,
): Promise<{ replaced: boolean }> {
  if (path.basename(dir) !== name)
    throw localizedError(
      "host.extension.folder",
      { key: "hosts.extension-name", params: { name, folder: path.basename(dir) } },
      { key: "hosts.extension-name-hint", params: { name } },
      { usage: true },
    );
  const exists = existsSync(dir);
  if (exists && !(await ownedExtension(dir, name)))
    throw localizedError(
      "host.extension.not-ours",
      { key: "hosts.extension-not-ours", params: { dir } },
      { key: "hosts.extension-not-ours-hint" },
    );
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const suffix = `${process.pid}.${randomBytes(4).toString("hex")}`;
  const temp = `${dir}.${suffix}.tmp`;
  await fs.mkdir(temp);
  try {
    for (const [file, text] of files) await fs.writeFile(path.join(temp, file), text);
    if (exists) {
      const old = `${dir}.${suffix}.old`;
      await fs.rename(dir, old);
      await fs.rename(temp, dir);
      await fs.rm(old, { recursive: true, force: true });
    } else await fs.rename(temp, dir);
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
  return { replaced: exists };
}

/** `--as-extension`: the entries as a Gemini CLI extension folder, not a settings.json edit. */
export async function extensionExport(
  ctx: CommandContext,
  job: {
    adapter: HostAdapter;
    entries: Record<string, HostEntry>;
    mode: ExportMode;
    given: string | undefined;
    profile: string | undefined;
    servers: ExportServer[];
    write: boolean;
  },
) {
  if (job.adapter.id !== "gemini-cli")
    throw localizedUsageError({ key: "hosts.extension-host" }, { key: "hosts.extension-host-hint" });
  if (job.mode === "inline")
    throw localizedUsageError({ key: "hosts.extension-inline" }, { key: "hosts.extension-inline-hint" });
  const name = exportExtensionName(job.profile);
  const dir = job.given ? path.resolve(ctx.cwd, job.given) : defaultExtensionDir(ctx.home, name);
  const files = exportExtensionFiles({
    name,
    version: ctx.version.replace(/^v/, ""),
    entries: job.entries,
    connectors: job.servers.map((s) => ({ name: s.name, servers: [s.name] })),
  });
  if (job.write) await writeExtensionFolder(dir, name, files);
  const data = {
    host: job.adapter.id,
    asExtension: true,
    name,
    dir,
    servers: Object.keys(job.entries),
    written: job.write,
  };
  const lines = [`Gemini CLI extension ${name}: ${dir}`, ...Object.keys(job.entries).map((e) => `  + ${e}`)];
  lines.push(
    job.write
      ? `Wrote it. Install it with: gemini extensions install ${dir}`
      : "Run again with --write to write it.",
  );
  return { data, text: lines.join("\n") };
}
