import path from "node:path";
import { readForeignInput } from "../../src/core/convert/read-input.js";
import type { ConvertOptions } from "../../src/core/convert/types.js";
import type { Command } from "../command.js";
import { cliForeignIo } from "../convert/npm-plugin.js";
import { writeFolder } from "../convert/write-folder.js";
import { localizedErrorBoth, localizedUsageError, say } from "../terminal/language.js";
import { convertWhy } from "../terminal/core-words-zh-cn.js";
import { convertNoteText } from "../terminal/convert-notes-zh-cn.js";

// The verb only: reading and detecting the foreign format is src/core/convert/read-input.ts.

const command: Command = {
  usage: "convert <file[#plugin]|folder> -o <folder> [--name <name>] [--publisher <name>] [--force] [--json]",
  description: `
Converts a connector described in another ecosystem's format into a Connectory connector folder that
passes \`validate --strict\`, and lists what could not be carried over (coded notes, never a silent loss).
Reads: an official MCP Registry server.json; an MCP Bundle manifest.json (a manifest.json in an unpacked
bundle folder brings the bundle's files); a Claude Code marketplace.json#<plugin> (the plugin's folder in
the checkout); a Claude Code or Codex plugin folder; a Gemini CLI extension folder (gemini-extension.json:
settings[] become credentials); a .mcp.json; a Docker MCP catalog server.yaml (with the tools.json beside
it). A plugin or extension a Connectory registry served (its /npm/ package) comes back as the connector
it was made from, byte for byte. The folder is written whole or not at all; an existing non-empty folder is refused
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
      throw localizedUsageError({ key: "convert.needs-output" });
    const input = args.positionals[0]!;
    const options: ConvertOptions = { origin: input };
    if (typeof args.values.publisher === "string") options.publisher = args.values.publisher;
    const url = /^https?:\/\//i.test(input);
    const { conversion, format, executables } = await readForeignInput(
      cliForeignIo(ctx.fetch),
      url ? input : path.resolve(ctx.cwd, input),
      input,
      options,
      args.values.name,
    );
    if (!conversion.ok)
      // The converter's own words (src/core/convert, English) inside this frame.
      throw localizedErrorBoth(
        conversion.code,
        { key: "convert.failed", params: { why: convertWhy(conversion.code, conversion.message) } },
        { key: "convert.failed-hint" },
        conversion.problems ? { problems: conversion.problems } : {},
      );
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
      say("convert.done", {
        format,
        name: conversion.name,
        version: conversion.version,
        folder,
        n: conversion.files.size,
      }),
    ];
    if (conversion.notes.length > 0) {
      lines.push("", say("convert.notes"));
      for (const n of conversion.notes)
        lines.push(`  ${n.code}${n.path ? `  ${n.path}` : ""}`, ...convertNoteText(n).map((l) => `    ${l}`));
    }
    lines.push("", say("convert.next", { output }));
    return { data, text: lines.join("\n") };
  },
};
export default command;
