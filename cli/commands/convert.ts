import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { detectFormat } from "../../src/core/convert/detect.js";
import { fromClaudePlugin } from "../../src/core/convert/from-claude-plugin.js";
import { fromDockerServer } from "../../src/core/convert/from-docker.js";
import { entrySource } from "../../src/core/convert/from-marketplace.js";
import { fromMcpJson } from "../../src/core/convert/from-mcp-json.js";
import { fromMcpb } from "../../src/core/convert/from-mcpb.js";
import { fromServerJson } from "../../src/core/convert/from-server-json.js";
import type { Conversion, ConvertOptions } from "../../src/core/convert/types.js";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import type { PackageFiles } from "../../src/core/types.js";
import { syncDir } from "../../src/fs/atomic-write.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import type { Command } from "../command.js";

const MAX_INPUT = 5 * 1024 * 1024;

const command: Command = {
  usage: "convert <file[#plugin]|folder> -o <folder> [--name <name>] [--publisher <name>] [--force] [--json]",
  description: `
Converts a connector described in another ecosystem's format into a Connectory connector folder that
passes \`validate --strict\`, and lists what could not be carried over (coded notes, never a silent loss).
Reads: an official MCP Registry server.json; an MCP Bundle manifest.json (a manifest.json in an unpacked
bundle folder brings the bundle's files); a Claude Code marketplace.json#<plugin> (the plugin's folder in
the checkout); a Claude Code plugin folder; a .mcp.json; a Docker MCP catalog server.yaml (with the
tools.json beside it). The folder is written whole or not at all; an existing non-empty folder is refused
unless --force.

--json prints { folder, format, name, version, files, notes: [{ code, path, message }], tools }.`,
  options: {
    output: {
      type: "string",
      short: "o",
      value: "folder",
      description: "the connector folder to write (required)",
    },
    name: { type: "string", description: "the connector name for a .mcp.json (default: its folder's name)" },
    publisher: { type: "string", description: "the publisher, instead of the one derived from the source" },
    force: { type: "boolean", description: "replace an existing non-empty output folder" },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const output = args.values.output;
    if (typeof output !== "string" || output === "")
      throw new ConnectoryError("usage", "convert needs -o <folder>: where to write the connector", {
        usage: true,
      });
    const input = args.positionals[0]!;
    const options: ConvertOptions = { origin: input };
    if (typeof args.values.publisher === "string") options.publisher = args.values.publisher;
    const { conversion, format, executables } = await convertInput(
      path.resolve(ctx.cwd, input),
      input,
      options,
      args.values.name,
    );
    if (!conversion.ok)
      throw new ConnectoryError(conversion.code, conversion.message, {
        hint: 'Nothing was written. The notes above say what was read; see docs/package-format.md, "Converting from other formats".',
        ...(conversion.problems ? { problems: conversion.problems } : {}),
      });
    const folder = path.resolve(ctx.cwd, output);
    await writeFolder(folder, conversion.files, executables, args.values.force === true);
    const data = {
      folder,
      format,
      name: conversion.name,
      version: conversion.version,
      files: conversion.files.size,
      notes: conversion.notes,
      tools: conversion.tools?.length ?? 0,
    };
    const lines = [
      `converted ${format} → ${conversion.name}@${conversion.version} in ${folder} (${conversion.files.size} files)`,
    ];
    if (conversion.notes.length > 0) {
      lines.push("", "Notes (what was not carried over as it was):");
      for (const n of conversion.notes)
        lines.push(`  ${n.code}${n.path ? `  ${n.path}` : ""}`, `    ${n.message}`);
    }
    lines.push(
      "",
      `Next: review plugin.json and README.md, then \`connectory validate --strict ${output}\`.`,
    );
    return { data, text: lines.join("\n") };
  },
};
export default command;

interface Converted {
  conversion: Conversion;
  format: string;
  /** Package paths to keep executable (files copied from a plugin or bundle folder). */
  executables: Set<string>;
}

/** Converts a foreign file, marketplace entry or folder (also what `publish <server.json>` does first). */
export async function convertInput(
  target: string,
  shown: string,
  options: ConvertOptions,
  name: unknown,
): Promise<Converted> {
  const hash = target.lastIndexOf("#");
  if (hash > 0 && !(await exists(target)))
    return convertMarketplaceEntry(target.slice(0, hash), target.slice(hash + 1), options);
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat)
    throw new ConnectoryError("convert.input.missing", `${shown} does not exist`, {
      hint: "Give the path of a server.json, manifest.json, marketplace.json#<plugin>, .mcp.json, server.yaml or plugin folder.",
    });
  if (stat.isDirectory()) return convertFolder(target, shown, options);
  const text = await readInput(target, shown);
  const docker = /\.ya?ml$/i.test(target);
  const parsed = docker ? undefined : parseJson(text, shown);
  const format = detectFormat(target, parsed);
  if (typeof format !== "string") return { conversion: format, format: "unknown", executables: new Set() };
  const none = new Set<string>();
  switch (format) {
    case "docker-catalog": {
      const tools = await fs.readFile(path.join(path.dirname(target), "tools.json"), "utf8").then(
        (t) => parseJson(t, "tools.json"),
        () => undefined,
      );
      return { conversion: fromDockerServer(text, tools, options), format, executables: none };
    }
    case "server-json":
      return { conversion: fromServerJson(parsed, options), format, executables: none };
    case "mcp-json": {
      const fallback = path.basename(path.dirname(target));
      return {
        conversion: fromMcpJson(parsed, typeof name === "string" ? name : fallback, options),
        format,
        executables: none,
      };
    }
    case "mcpb": {
      // A manifest.json is the root of an unpacked bundle: its folder's files come along.
      const bundle =
        path.basename(target) === "manifest.json" ? await readFolder(path.dirname(target), shown) : undefined;
      const conversion = fromMcpb(parsed, { ...options, ...(bundle ? { files: bundle.files } : {}) });
      return { conversion, format, executables: bundle?.executables ?? none };
    }
    case "claude-marketplace": {
      const names = (parsed as { plugins: Array<{ name?: unknown }> }).plugins
        .map((p) => String(p?.name))
        .slice(0, 20);
      throw new ConnectoryError(
        "convert.marketplace.plugin-missing",
        `${shown} is a marketplace of ${(parsed as { plugins: unknown[] }).plugins.length} plugins: name one`,
        {
          usage: true,
          hint: `Write ${shown}#<plugin>, e.g. ${shown}#${names[0] ?? "name"}. Plugins: ${names.join(", ")}`,
        },
      );
    }
    default:
      throw new ConnectoryError(
        "convert.refused.format-unknown",
        `${shown}: give the plugin's folder, not its plugin.json`,
      );
  }
}

async function convertMarketplaceEntry(
  file: string,
  plugin: string,
  options: ConvertOptions,
): Promise<Converted> {
  const parsed = parseJson(await readInput(file, file), file) as { plugins?: unknown };
  if (!Array.isArray(parsed.plugins))
    throw new ConnectoryError(
      "convert.refused.shape",
      `${file} is not a Claude Code marketplace.json (no "plugins" list)`,
    );
  const entry = parsed.plugins.find(
    (p): p is Record<string, unknown> =>
      typeof p === "object" && p !== null && (p as { name?: unknown }).name === plugin,
  );
  if (!entry)
    throw new ConnectoryError(
      "convert.marketplace.plugin-unknown",
      `${file} has no plugin named "${plugin}"`,
      {
        hint: `Plugins: ${parsed.plugins
          .map((p) => String((p as { name?: unknown })?.name))
          .slice(0, 30)
          .join(", ")}`,
      },
    );
  // The checkout root: marketplace.json sits in <root>/.claude-plugin/ (or at the root itself).
  const dir = path.dirname(path.resolve(file));
  const root = path.basename(dir) === ".claude-plugin" ? path.dirname(dir) : dir;
  const source = entrySource(entry, parsed as Record<string, unknown>);
  const format = "claude-plugin";
  if ("remote" in source)
    throw new ConnectoryError(
      "convert.refused.remote-source",
      `plugin "${plugin}" lives at ${source.remote}, which is not in this checkout`,
      {
        hint: "Clone that repository (at the pinned sha), then convert the plugin's folder.",
      },
    );
  const folder = path.resolve(root, source.folder);
  if (path.relative(root, folder).startsWith("..") || path.isAbsolute(path.relative(root, folder)))
    throw new ConnectoryError(
      "convert.refused.source-missing",
      `plugin "${plugin}": its source ${source.folder} is outside the marketplace checkout ${root}`,
    );
  if (!(await exists(folder)))
    throw new ConnectoryError(
      "convert.refused.source-missing",
      `plugin "${plugin}": its folder ${source.folder} is not in the checkout ${root}`,
    );
  const read = await readFolder(folder, source.folder);
  const owner = (parsed as { owner?: { name?: unknown } }).owner?.name;
  const marketplaceName = (parsed as { name?: unknown }).name;
  const conversion = fromClaudePlugin(read.files, entry, {
    ...options,
    marketplace: {
      ...(typeof owner === "string" ? { owner } : {}),
      ...(typeof marketplaceName === "string" ? { name: marketplaceName } : {}),
    },
  });
  return { conversion, format, executables: read.executables };
}

async function convertFolder(dir: string, shown: string, options: ConvertOptions): Promise<Converted> {
  if (await exists(path.join(dir, "server.yaml")))
    return convertInput(path.join(dir, "server.yaml"), shown, options, undefined);
  if (await exists(path.join(dir, "manifest.json")))
    return convertInput(path.join(dir, "manifest.json"), shown, options, undefined);
  if (
    (await exists(path.join(dir, ".claude-plugin/plugin.json"))) ||
    (await exists(path.join(dir, ".mcp.json")))
  ) {
    const read = await readFolder(dir, shown);
    return {
      conversion: fromClaudePlugin(read.files, undefined, options),
      format: "claude-plugin",
      executables: read.executables,
    };
  }
  throw new ConnectoryError(
    "convert.refused.format-unknown",
    `${shown} is a folder with no server.yaml, manifest.json, .claude-plugin/plugin.json or .mcp.json`,
  );
}

async function readFolder(
  dir: string,
  shown: string,
): Promise<{ files: PackageFiles; executables: Set<string> }> {
  try {
    const read = await readPackageContents(dir);
    return { files: read.files, executables: read.executables };
  } catch (error) {
    if (isConnectoryError(error))
      throw new ConnectoryError(
        "convert.input.unreadable",
        `${shown} cannot be read as a package folder: ${error.message}`,
        {
          ...(error.problems ? { problems: error.problems } : {}),
        },
      );
    throw error;
  }
}

async function readInput(file: string, shown: string): Promise<string> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new ConnectoryError("convert.input.missing", `${shown} is not a file`);
  if (stat.size > MAX_INPUT)
    throw new ConnectoryError(
      "convert.input.too-large",
      `${shown} is ${stat.size} bytes; convert reads at most ${MAX_INPUT}`,
    );
  const bytes = await fs.readFile(file);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ConnectoryError("convert.input.encoding", `${shown} is not UTF-8 text`);
  }
}

function parseJson(text: string, shown: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ConnectoryError(
      "convert.refused.not-json",
      `${shown} is not valid JSON: ${(error as Error).message}`,
    );
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

/** Writes the whole folder beside the target, then renames it into place: readers never see half a package. */
async function writeFolder(
  folder: string,
  files: PackageFiles,
  executables: Set<string>,
  force: boolean,
): Promise<void> {
  const existing = await fs
    .readdir(folder)
    .catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? undefined : Promise.reject(e)));
  if (existing && existing.length > 0 && !force)
    throw new ConnectoryError(
      "convert.output.exists",
      `${folder} exists and is not empty; nothing was written`,
      {
        hint: "Choose another -o folder, or pass --force to replace it.",
      },
    );
  const parent = path.dirname(folder);
  await fs.mkdir(parent, { recursive: true });
  const suffix = `${process.pid}.${randomBytes(6).toString("hex")}`;
  const temp = path.join(parent, `.${path.basename(folder)}.${suffix}.tmp`);
  try {
    for (const [name, bytes] of files) {
      const file = path.join(temp, ...name.split("/"));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes, { mode: executables.has(name) ? 0o755 : 0o644, flag: "wx" });
    }
    if (existing) {
      // Replaced (with --force, or an empty folder): moved aside first, removed once the new one is in place.
      const old = path.join(parent, `.${path.basename(folder)}.${suffix}.old`);
      await fs.rename(folder, old);
      await fs.rename(temp, folder);
      await fs.rm(old, { recursive: true, force: true });
    } else await fs.rename(temp, folder);
    await syncDir(parent);
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}
