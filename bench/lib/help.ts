// `--help` (or `-h`) for every bench: its header comment, the one place that says what it measures, how to
// run it and what it takes (BENCH_* variables, flags), printed without running anything.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The leading `//` comment of a script's source, without the slashes: its header. */
export function headerComment(source: string): string {
  const lines: string[] = [];
  for (const line of source.split("\n")) {
    if (!line.startsWith("//")) break;
    lines.push(line.replace(/^\/\/ ?/, ""));
  }
  return lines.join("\n");
}

/**
 * When the command line asks for help, prints the calling script's header comment (and `usage`, when the
 * script has flags to spell out) and exits 0; call it first, with the script's `import.meta.url` (the built
 * .js keeps the comment of the .ts it came from).
 */
export function answerHelp(moduleUrl: string, usage?: string): void {
  const argv = process.argv.slice(2);
  if (!argv.includes("--help") && !argv.includes("-h")) return;
  const header = headerComment(readFileSync(fileURLToPath(moduleUrl), "utf8"));
  process.stdout.write(`${[header, usage].filter((part) => part !== undefined).join("\n\n")}\n`);
  process.exit(0);
}
