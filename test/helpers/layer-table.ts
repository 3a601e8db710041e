import fs from "node:fs";
import path from "node:path";

// The layer table of docs/architecture.md, read as data: the one source both the document and
// test/docs/layer-table.test.ts use, so they cannot drift.

export interface Layer {
  name: string;
  /** Folders (ending in "/") and files, relative to the repository root. */
  entries: string[];
  mayImport: Set<string>;
  /** Package names and `node:*`-style globs; "*" allows any. */
  packages: string[];
}

/** The rows between `<!-- layer-table -->` and `<!-- /layer-table -->` in `markdown`. */
export function parseLayerTable(markdown: string): Layer[] {
  const start = markdown.indexOf("<!-- layer-table -->");
  const end = markdown.indexOf("<!-- /layer-table -->");
  if (start < 0 || end < start) throw new Error("docs/architecture.md has no <!-- layer-table --> block");
  const rows = markdown
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2); // the header and its rule
  const list = (cell: string) =>
    cell
      .replace(/\\\*/g, "*")
      .split(",")
      .map((x) => x.trim())
      .filter((x) => x !== "" && x !== "—");
  return rows.map((row) => {
    const [name, entries, may, packages] = row
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    return {
      name: name!,
      entries: [...entries!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
      mayImport: new Set(list(may!)),
      packages: list(packages!),
    };
  });
}

/** The layer of a repository-relative path: the row with the longest entry holding it. */
export function layerOf(layers: Layer[], file: string): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of layers) {
    for (const entry of layer.entries) {
      const holds = entry.endsWith("/") ? file.startsWith(entry) : file === entry;
      if (holds && (!best || entry.length > best.length)) best = { layer, length: entry.length };
    }
  }
  return best?.layer;
}

// Static imports and re-exports (`import … from`, `export … from`, `import "x"`) at the start of a
// statement, and dynamic `import("x")`; a specifier never spans lines or holds a quote or comma.
const IMPORT =
  /^\s*(?:import|export)\s[^;]*?[\s}]from\s*["']([^"'\n,]+)["']|^\s*import\s*["']([^"'\n,]+)["']|\bimport\s*\(\s*["']([^"'\n,]+)["']\s*\)/gm;

/** Every import specifier in a file's text. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** The package a bare specifier names (`@scope/name`, `name`, or the whole `node:x`). */
export function packageOf(spec: string): string {
  if (spec.startsWith("node:")) return spec.split("/")[0]!;
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

const allowsPackage = (layer: Layer, pkg: string) =>
  layer.packages.some((p) => p === "*" || p === pkg || (p.endsWith("*") && pkg.startsWith(p.slice(0, -1))));

/** Every TypeScript file below `dirs` of `root`, relative to root. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  return dirs
    .filter((d) => fs.existsSync(path.join(root, d)))
    .flatMap((d) =>
      fs
        .readdirSync(path.join(root, d), { recursive: true })
        .map(String)
        .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
        .map((f) => path.join(d, f).split(path.sep).join("/")),
    )
    .sort();
}

/**
 * The imports of `files` (under `root`) that the table forbids, as "file: spec (why)"; also files no row
 * holds. `ownName` is the repository's package name: importing it (or a `#` alias) is always refused.
 */
export function forbiddenImports(root: string, files: string[], layers: Layer[], ownName: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = layerOf(layers, file);
    if (!from) {
      found.push(`${file}: no row of the layer table holds it`);
      continue;
    }
    for (const spec of importsOf(fs.readFileSync(path.join(root, file), "utf8"))) {
      if (spec.startsWith(".")) {
        const target = path
          .relative(root, path.resolve(root, path.dirname(file), spec))
          .split(path.sep)
          .join("/")
          .replace(/\.js$/, ".ts");
        const to = layerOf(layers, target) ?? layerOf(layers, target.replace(/\.ts$/, ".tsx"));
        if (!to) found.push(`${file}: ${spec} (outside every layer)`);
        else if (to !== from && !from.mayImport.has(to.name))
          found.push(`${file}: ${spec} (${from.name} may not import ${to.name})`);
      } else if (spec.startsWith("#") || packageOf(spec) === ownName) {
        found.push(`${file}: ${spec} (the repository's own package: import the file relatively)`);
      } else if (!allowsPackage(from, packageOf(spec))) {
        found.push(`${file}: ${spec} (${from.name} may not use ${packageOf(spec)})`);
      }
    }
  }
  return found;
}
