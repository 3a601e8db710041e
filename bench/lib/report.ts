// The rows a bench prints: a measure | result | target table on stdout, and, when `npm run bench` runs
// it (BENCH_REPORT names a file), the same rows appended there as JSON lines, so bench/all.ts prints
// every bench's rows in one table.
import { appendFileSync } from "node:fs";

export type Row = [measure: string, result: string, target: string];

/** Prints `rows` as a table and hands them to `npm run bench` when it is the caller. */
export function reportRows(bench: string, rows: Row[]): void {
  console.log(table(rows));
  handOver(bench, rows);
}

/** Hands `rows` to `npm run bench` (when it is the caller) without printing them: a bench with a table of its own. */
export function handOver(bench: string, rows: Row[]): void {
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, rows.map((r) => JSON.stringify({ bench, row: r })).join("\n") + "\n");
}

/** A markdown table of measure | result | target. */
export function table(rows: Row[], header: Row = ["measure", "result", "target"]): string {
  const width = [0, 1, 2].map((c) => Math.max(...[header, ...rows].map((r) => r[c]!.length)));
  const line = (r: Row) => `| ${r.map((cell, c) => cell.padEnd(width[c]!)).join(" | ")} |`;
  return [line(header), `|${width.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}
