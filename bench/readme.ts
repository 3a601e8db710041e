// `npm run bench:readme`: what README rendering costs and what it no longer blocks (issue 12, class 2).
// The registry runs as its own process (`node dist/src/main.js`); the load comes from here.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { MAX_README_BYTES } from "../src/core/package/display-limits.js";
import { openDatabase } from "../src/db/open-database.js";
import { packFiles } from "../src/package/pack.js";
import { createReadmeRenderer } from "../src/registry/readme/readme-renderer.js";
import { renderReadme } from "../src/registry/readme/render-readme.js";
import { createToken } from "../src/registry/tokens.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const rows: Array<[string, string, string]> = [];

/** Repeats `unit` to fill `bytes` (after `head`). */
const fill = (head: string, unit: string, bytes = MAX_README_BYTES) =>
  head + unit.repeat(Math.floor((bytes - head.length) / unit.length));

/** The slowest markdown constructions found for markdown-it + sanitize-html, each as large as the cap allows. */
const CANDIDATES: Record<string, string> = {
  "empty table cells": fill("|a|\n|-|\n", "|\n"),
  "8-column table": fill("|a|b|c|d|e|f|g|h|\n|-|-|-|-|-|-|-|-|\n", "|x|y|z|w|v|u|t|s|\n"),
  "mixed emphasis/code/links": fill("", "**_`[<"),
  "unclosed links": fill("", "[a](http://x.y/ "),
  autolinks: fill("", "<http://a "),
  "unclosed brackets": fill("", "[a"),
  "raw HTML tags": fill("", "<div>"),
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

async function startServer(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, "dist/src/main.js")], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: "0",
      DATABASE_URL: path.join(dir, "registry.db"),
      STORAGE_DIR: path.join(dir, "blobs"),
      SEED: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
  return { child, url };
}

function readmePackage(name: string, version: string, readme: string): Promise<Uint8Array> {
  const text = (s: string) => new TextEncoder().encode(s);
  return packFiles(
    new Map([
      ["plugin.json", text(JSON.stringify({ name, version, publisher: "acme", description: "bench" }))],
      [
        "mcp.json",
        text(JSON.stringify({ mcpServers: { s: { type: "http", url: "https://example.com/mcp" } } })),
      ],
      ["README.md", text(readme)],
    ]),
  );
}

/** Polls `paths` back to back until `done` settles; the latency of every answer. */
async function probe(
  url: string,
  paths: string[],
  done: Promise<unknown>,
): Promise<Record<string, number[]>> {
  let finished = false;
  void done.finally(() => (finished = true));
  const out: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
  while (!finished) {
    for (const p of paths) {
      const [res, t] = await timed(() => fetch(`${url}${p}`));
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      out[p]!.push(t);
    }
  }
  return out;
}

async function main(): Promise<void> {
  // 1. The candidates, rendered in the worker (as at publish), and the worst of them on this thread.
  const renderer = createReadmeRenderer({ budgetMs: 60_000 });
  await renderer.render("warm-up");
  let worst = { name: "", ms: 0 };
  for (const [name, markdown] of Object.entries(CANDIDATES)) {
    const [, t] = await timed(() => renderer.render(markdown));
    rows.push([
      `render in the worker: ${name} (${(markdown.length / 1024).toFixed(0)} KiB)`,
      ms(t),
      "≤ 10 s budget, else plain text",
    ]);
    if (t > worst.ms) worst = { name, ms: t };
  }
  await renderer.close();
  const worstMarkdown = CANDIDATES[worst.name]!;
  const start = performance.now();
  renderReadme(worstMarkdown);
  rows.push([
    `same on the event loop (the old page view): ${worst.name}`,
    ms(performance.now() - start),
    "every request waited this long",
  ]);

  // 2. A real registry process.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-readme-"));
  const repo = await openDatabase(path.join(dir, "registry.db"));
  const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
  await repo.close();
  const { child, url } = await startServer(dir);
  try {
    const put = async (name: string, version: string, readme: string) => {
      const body = await readmePackage(name, version, readme);
      const [res, t] = await timed(() =>
        fetch(`${url}/v1/connectors/${name}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}` },
          body,
        }),
      );
      if (res.status !== 201)
        throw new Error(`publish ${name}@${version}: ${res.status} ${await res.text()}`);
      return t;
    };
    const small: number[] = [];
    const heavy: number[] = [];
    for (let i = 0; i < 5; i++)
      small.push(await put("bench-small", `1.0.${i}`, "# Small\n\nA short README.\n"));
    for (let i = 0; i < 3; i++) heavy.push(await put("bench-worst", `1.0.${i}`, worstMarkdown));
    rows.push(["publish, 30-byte README (median of 5)", ms(percentile(small, 50)), ""]);
    rows.push([
      `publish, worst README at the cap (median of 3, max)`,
      `${ms(percentile(heavy, 50))}, ${ms(Math.max(...heavy))}`,
      "rendering included",
    ]);

    // 3. While the worst README is being published, and while its page is first viewed.
    const paths = ["/healthz", "/v1/connectors/bench-small"];
    const idle = await probe(url, paths, new Promise((r) => setTimeout(r, 1000)));
    const during = await probe(url, paths, put("bench-worst", "1.1.0", worstMarkdown));
    // A row stored before READMEs were rendered at publish: its first page view renders it (in the worker).
    const db = new Database(path.join(dir, "registry.db"));
    db.prepare("UPDATE versions SET readme_html = NULL").run();
    db.close();
    const [pageDone, pageMs] = [fetch(`${url}/c/bench-worst/1.1.0`).then((r) => r.text()), performance.now()];
    const viewing = await probe(url, paths, pageDone);
    const firstView = performance.now() - pageMs;
    for (const [label, samples] of [
      ["idle", idle],
      ["during the worst publish", during],
      ["during the first view of its page", viewing],
    ] as const) {
      for (const p of paths) {
        const s = samples[p]!;
        rows.push([
          `GET ${p} ${label} (${s.length} requests)`,
          `p50 ${ms(percentile(s, 50))}, p99 ${ms(percentile(s, 99))}, max ${ms(Math.max(...s))}`,
          "stays fast",
        ]);
      }
    }
    rows.push([
      "first view of the worst page (pre-change row, rendered once, then stored)",
      ms(firstView),
      "",
    ]);
    const [, again] = await timed(() => fetch(`${url}/c/bench-worst/1.1.0`).then((r) => r.text()));
    rows.push(["second view of that page (stored HTML)", ms(again), ""]);
  } finally {
    child.kill();
    await fs.rm(dir, { recursive: true, force: true });
  }

  rows.unshift([
    "machine",
    `${os.cpus().length} cores, node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
    `README cap ${MAX_README_BYTES / 1024} KiB`,
  ]);
  const width = [0, 1, 2].map((c) =>
    Math.max(...rows.map((r) => r[c]!.length), ["measure", "result", "note"][c]!.length),
  );
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(width[c]!)).join(" | ")} |`;
  console.log(
    [
      line(["measure", "result", "note"]),
      `|${width.map((w) => "-".repeat(w + 2)).join("|")}|`,
      ...rows.map(line),
    ].join("\n"),
  );
}

await main();
