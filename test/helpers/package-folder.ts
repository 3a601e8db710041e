import fs from "node:fs/promises";
import path from "node:path";

/** A connector-like folder: files by relative path; names ending in `*` are made executable. */
export const SAMPLE_TREE: Record<string, string> = {
  "plugin.json": '{ "name": "demo", "version": "1.0.0" }\n',
  "mcp.json": '{ "mcpServers": {} }\n',
  "README.md": "# Demo\n\n" + "Lorem ipsum dolor sit amet. ".repeat(50),
  "server/index.js*": "#!/usr/bin/env node\nconsole.log('hi');\n",
  "server/lib/util.js": "export const x = 1;\n",
  "skills/café/SKILL.md": "---\nname: café\ndescription: d\n---\nbody\n",
  [`docs/${"long-folder-name-".repeat(5)}/${"very-long-file-name-".repeat(4)}.md`]: "long\n",
  "empty.txt": "",
};

/**
 * Writes the tree under `dir`, in the given order, with the given file modes and mtime, so that two
 * copies can differ in everything that packing must ignore.
 */
export async function writeTree(
  dir: string,
  tree: Record<string, string>,
  options: { reverse?: boolean; plainMode?: number; execMode?: number; mtime?: Date } = {},
): Promise<void> {
  const names = Object.keys(tree);
  if (options.reverse) names.reverse();
  for (const key of names) {
    const executable = key.endsWith("*");
    const file = path.join(dir, ...key.replace(/\*$/, "").split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, tree[key]!);
    await fs.chmod(file, executable ? (options.execMode ?? 0o755) : (options.plainMode ?? 0o644));
    if (options.mtime) await fs.utimes(file, options.mtime, options.mtime);
  }
}
