import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * How long one README may take to render before it is shown as plain text instead. The worst markdown
 * within the 256 KiB cap (empty table cells) takes about 5 s on a busy 2-core machine (bench/readme.ts).
 */
export const README_BUDGET_MS = 10_000;

export interface RenderedReadme {
  html: string;
  /** "plain" when the markdown took longer than the budget (or crashed the renderer): escaped text. */
  mode: "markdown" | "plain";
}

/** Renders READMEs off the event loop: one worker thread, one job at a time, a time budget per job. */
export interface ReadmeRenderer {
  render(markdown: string): Promise<RenderedReadme>;
  /** Stops the worker (it never keeps the process alive anyway). */
  close(): Promise<void>;
}

interface Job {
  id: number;
  markdown: string;
  resolve(result: RenderedReadme): void;
}

/**
 * A README of a few hundred KiB of pathological markdown (nested tables, unclosed brackets) takes
 * seconds to parse and sanitize. In the registry's thread that would stall every request, /healthz
 * included; here the registry only waits for a message. A job over `budgetMs` terminates the worker
 * (the next job starts a fresh one) and its README is shown as escaped plain text, which costs linear
 * time, so a publisher cannot buy more than `budgetMs` of one background core per publish.
 */
export function createReadmeRenderer(options: { budgetMs?: number } = {}): ReadmeRenderer {
  const budgetMs = options.budgetMs ?? README_BUDGET_MS;
  const queue: Job[] = [];
  let worker: Promise<Worker> | undefined;
  let busy = false;
  let nextId = 1;

  const drop = (w: Promise<Worker>) => {
    if (worker === w) worker = undefined;
    void w.then((t) => t.terminate()).catch(() => undefined);
  };

  const pump = () => {
    if (busy) return;
    const job = queue.shift();
    if (!job) return;
    busy = true;
    const current = (worker ??= spawnWorker());
    let settled = false;
    const finish = (result: RenderedReadme, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!healthy) drop(current);
      busy = false;
      job.resolve(result);
      pump();
    };
    const timer = setTimeout(() => finish(plainReadme(job.markdown), false), budgetMs);
    current.then(
      (w) => {
        const onMessage = (message: { id: number; html: string }) => {
          if (message.id !== job.id) return;
          w.off("message", onMessage);
          w.off("error", onError);
          finish({ html: message.html, mode: "markdown" }, true);
        };
        const onError = () => finish(plainReadme(job.markdown), false);
        w.on("message", onMessage);
        w.once("error", onError);
        w.postMessage({ id: job.id, markdown: job.markdown });
      },
      () => finish(plainReadme(job.markdown), false),
    );
  };

  return {
    render: (markdown) =>
      new Promise((resolve) => {
        queue.push({ id: nextId++, markdown, resolve });
        pump();
      }),
    async close() {
      if (worker) drop(worker);
    },
  };
}

/** The fallback: the README as escaped text in a <pre>, linear in its size. */
export function plainReadme(markdown: string): RenderedReadme {
  const escaped = markdown.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
  return { html: `<pre class="readme-plain">${escaped}</pre>`, mode: "plain" };
}

/**
 * Starts the worker: the compiled readme-worker.js next to this file, or, when running from the
 * TypeScript sources (vitest), the same module bundled on the fly with esbuild (a dev dependency).
 */
async function spawnWorker(): Promise<Worker> {
  const worker = import.meta.url.endsWith(".ts")
    ? new Worker(await bundledWorkerSource(), { eval: true })
    : new Worker(compiledWorker());
  worker.unref(); // an idle renderer never holds the process open
  return worker;
}

/**
 * The compiled worker: beside this file in the tsc build (dist/src/registry/readme/), or at the top of
 * the registry package's bundle (dist/readme-worker.js), where this code sits in dist/ or dist/chunks/.
 */
function compiledWorker(): URL {
  const candidates = ["./readme-worker.js", "../readme-worker.js"].map((p) => new URL(p, import.meta.url));
  return candidates.find((url) => existsSync(fileURLToPath(url))) ?? candidates[0]!;
}

let bundled: Promise<string> | undefined;

function bundledWorkerSource(): Promise<string> {
  // Only our TypeScript is bundled (milliseconds); packages stay `require`s of their resolved files.
  const resolve = createRequire(import.meta.url).resolve;
  return (bundled ??= import("esbuild").then(async ({ build }) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("./readme-worker.ts", import.meta.url))],
      bundle: true,
      platform: "node",
      format: "cjs",
      write: false,
      logLevel: "silent",
      plugins: [
        {
          name: "packages-by-path",
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => ({ path: resolve(args.path), external: true }));
          },
        },
      ],
    });
    return result.outputFiles[0]!.text;
  }));
}
