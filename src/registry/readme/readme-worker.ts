import { parentPort } from "node:worker_threads";
import { renderReadme } from "./render-readme.js";

// The worker thread of readme-renderer.ts: markdown in, sanitized HTML out, one job at a time. Parsing a
// hostile README here keeps the registry's event loop (and /healthz) free while it takes its time.

parentPort?.on("message", (job: { id: number; markdown: string }) => {
  parentPort?.postMessage({ id: job.id, html: renderReadme(job.markdown) });
});
