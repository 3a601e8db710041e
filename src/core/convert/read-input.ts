import path from "node:path";
import { ConnectoryError } from "../errors.js";
import { detectFormat } from "./detect.js";
import { exists, parseJson, readFolder, readText, type ForeignIo } from "./foreign-io.js";
import { fromClaudePlugin } from "./from-claude-plugin.js";
import { fromCodexPlugin } from "./from-codex-plugin.js";
import { fromDockerServer } from "./from-docker.js";
import { fromGeminiExtension } from "./from-gemini-extension.js";
import { fromMcpJson } from "./from-mcp-json.js";
import { fromMcpb } from "./from-mcpb.js";
import { fromServerJson } from "./from-server-json.js";
import { readMarketplaceEntry } from "./read-marketplace-entry.js";
import type { Conversion, ConvertOptions } from "./types.js";

// The one reader of another ecosystem's file, marketplace entry or folder: `connectory convert`, `publish
// <foreign file>` and the registry's importer (docker entries, marketplace plugin folders) all read here.
// It decides the format and which converter runs; the world comes in through a ForeignIo.

/** A conversion, the format it was read as, and the package paths that keep the executable bit. */
export interface Converted {
  conversion: Conversion;
  format: string;
  executables: Set<string>;
}

/** Converts a foreign file, `marketplace.json#plugin` or folder at `target` (absolute path or URL). */
export async function readForeignInput(
  io: ForeignIo,
  target: string,
  shown: string,
  options: ConvertOptions,
  name?: unknown,
): Promise<Converted> {
  const hash = target.lastIndexOf("#");
  if (hash > 0 && !(await exists(io, target)))
    return readMarketplaceEntry(io, target.slice(0, hash), target.slice(hash + 1), options);
  const stat = await io.stat(target);
  if (!stat)
    throw new ConnectoryError("convert.input.missing", `${shown} does not exist`, {
      hint: "Give the path of a server.json, manifest.json, marketplace.json#<plugin>, .mcp.json, server.yaml or plugin folder.",
    });
  if (stat.directory) return readForeignFolder(io, target, shown, options);
  const text = await readText(io, target, shown);
  const docker = /\.ya?ml$/i.test(target);
  const parsed = docker ? undefined : parseJson(text, shown);
  const format = detectFormat(target, parsed);
  if (typeof format !== "string") return { conversion: format, format: "unknown", executables: new Set() };
  const none = new Set<string>();
  switch (format) {
    case "docker-catalog": {
      const tools = await dockerTools(io, path.dirname(target));
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
        path.basename(target) === "manifest.json"
          ? await readFolder(io, path.dirname(target), shown)
          : undefined;
      const conversion = fromMcpb(parsed, { ...options, ...(bundle ? { files: bundle.files } : {}) });
      return { conversion, format, executables: bundle?.executables ?? none };
    }
    case "claude-marketplace": {
      const plugins = (parsed as { plugins: Array<{ name?: unknown }> }).plugins;
      const names = plugins.map((p) => String(p?.name)).slice(0, 20);
      throw new ConnectoryError(
        "convert.marketplace.plugin-missing",
        `${shown} is a marketplace of ${plugins.length} plugins: name one`,
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

/** The parsed tools.json beside a Docker catalog's server.yaml, if there is one (bad JSON is refused). */
export async function dockerTools(io: ForeignIo, dir: string): Promise<unknown> {
  const file = path.join(dir, "tools.json");
  const text = await io.read(file).then(
    (bytes) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
    () => undefined,
  );
  return text === undefined ? undefined : parseJson(text, "tools.json");
}

/** A folder: the first of its marker files says which format it is. */
async function readForeignFolder(
  io: ForeignIo,
  dir: string,
  shown: string,
  options: ConvertOptions,
): Promise<Converted> {
  const has = (file: string) => exists(io, path.join(dir, file));
  if (await has("server.yaml")) return readForeignInput(io, path.join(dir, "server.yaml"), shown, options);
  if (await has("manifest.json"))
    return readForeignInput(io, path.join(dir, "manifest.json"), shown, options);
  const folder = async (
    format: string,
    convert: (read: Awaited<ReturnType<typeof readFolder>>) => Conversion,
  ) => {
    const read = await readFolder(io, dir, shown);
    return { conversion: convert(read), format, executables: read.executables };
  };
  if (await has("gemini-extension.json"))
    return folder("gemini-extension", (read) => fromGeminiExtension(read.files, options));
  if (await has(".codex-plugin/plugin.json"))
    return folder("claude-plugin", (read) => fromCodexPlugin(read.files, options));
  if ((await has(".claude-plugin/plugin.json")) || (await has(".mcp.json")))
    return folder("claude-plugin", (read) => fromClaudePlugin(read.files, undefined, options));
  throw new ConnectoryError(
    "convert.refused.format-unknown",
    `${shown} is a folder with no server.yaml, manifest.json, gemini-extension.json, .claude-plugin/plugin.json, .codex-plugin/plugin.json or .mcp.json`,
  );
}
