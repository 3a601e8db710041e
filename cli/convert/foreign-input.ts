import fs from "node:fs/promises";
import path from "node:path";
import type { ConvertNote } from "../../src/core/convert/notes.js";
import { localizedErrorBoth } from "../terminal/language.js";
import { convertWhy } from "../terminal/core-words-zh-cn.js";
import type { PackageFiles } from "../../src/core/types.js";

// `connectory publish` takes another ecosystem's file directly (server.json, manifest.json,
// marketplace.json#plugin, .mcp.json, server.yaml, or a plugin/bundle folder with no plugin.json): it is
// converted first, exactly as `connectory convert` would, then validated and published like a folder.

/** Whether `target` is something to convert rather than a connector folder or a tarball. */
export async function isForeignInput(target: string): Promise<boolean> {
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat) return target.lastIndexOf("#") > 0; // marketplace.json#plugin
  if (stat.isDirectory()) return !(await fs.stat(path.join(target, "plugin.json")).catch(() => undefined));
  const handle = await fs.open(target, "r");
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    return !(head[0] === 0x1f && head[1] === 0x8b); // not gzip: not a tarball
  } finally {
    await handle.close();
  }
}

/** The converted package of a foreign input, as `publish` uses it, with the notes to show. */
export async function convertForPublish(
  target: string,
  shown: string,
  publisher: string,
): Promise<{ files: PackageFiles; executables: Set<string>; format: string; notes: ConvertNote[] }> {
  // Loaded on use: a plain `publish <folder>` never parses the converters.
  const { readForeignInput } = await import("../../src/core/convert/read-input.js");
  const { cliForeignIo } = await import("./npm-plugin.js");
  const { conversion, format, executables } = await readForeignInput(cliForeignIo(), target, shown, {
    origin: shown,
    publisher,
  });
  if (!conversion.ok)
    // The converter's own words (src/core/convert, English) inside this frame.
    throw localizedErrorBoth(
      conversion.code,
      {
        key: "convert.cannot-publish",
        params: { shown, why: convertWhy(conversion.code, conversion.message) },
      },
      { key: "convert.cannot-publish-hint" },
      conversion.problems ? { problems: conversion.problems } : {},
    );
  return { files: conversion.files, executables, format, notes: conversion.notes };
}
