// `npm run bench:hosts`: how long each real host takes from adding the registry (its marketplace, or the
// fetched package) to a connected server, and how many bytes it downloads from the registry (issue 25).
// Needs the hosts of test/hosts (.ci/services installs them); the weather sample is the connector.
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createToken } from "../src/registry/tokens.js";
import { packFiles } from "../src/package/pack.js";
import { readPackageContents } from "../src/package/read-dir.js";
import { startServer } from "../src/server/start-server.js";
import { SAMPLES } from "../test/helpers/home.js";
import { hostHome, realHostsMissing, runHost, trustGeminiFolders } from "../test/helpers/real-hosts.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** A byte-counting proxy in front of the registry: what a host really downloads. */
async function countingProxy(
  target: () => string,
): Promise<{ url: string; bytes(): number; reset(): void; close(): void }> {
  let total = 0;
  const server = http.createServer((req, res) => {
    const to = new URL(target());
    const headers = { ...req.headers, host: to.host };
    const upstream = http.request(`${to.origin}${req.url}`, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.on("data", (chunk: Buffer) => (total += chunk.length));
      up.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytes: () => total,
    reset: () => (total = 0),
    close: () => server.close(),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const missing = realHostsMissing();
  if (missing) {
    console.error(missing);
    process.exitCode = 1;
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-hosts-"));
  // Documents name the public URL, so the registry is told it is the counting proxy the hosts go through.
  let target = "";
  const counted = await countingProxy(() => target);
  const registry = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    publicUrl: counted.url,
    seed: false,
    log: () => undefined,
  });
  target = registry.url;
  const proxy = counted;
  try {
    const { token } = await createToken(registry.repo, { publisher: "connectory-samples", now: new Date() });
    const contents = await readPackageContents(path.join(SAMPLES, "weather"));
    const res = await fetch(`${registry.url}/v1/connectors/weather`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
      body: await packFiles(contents.files, { executables: contents.executables }),
    });
    if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
    const rows: string[][] = [];
    for (const [host, steps] of Object.entries(SCENARIOS)) {
      const times: number[] = [];
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const { home, remove } = await hostHome(`${proxy.url}/npm/`);
        try {
          counted.reset();
          const started = performance.now();
          await steps(home, proxy.url);
          times.push(performance.now() - started);
          bytes = counted.bytes();
        } finally {
          await remove();
        }
      }
      rows.push([host, `${(median(times) / 1000).toFixed(1)} s`, `${(bytes / 1024).toFixed(0)} KiB`]);
    }
    console.log(`host         | add → connected (median of ${ROUNDS}) | downloaded from the registry`);
    console.log("------------ | ------------------------------- | ----------------------------");
    for (const [h, t, b] of rows) console.log(`${h!.padEnd(12)} | ${t!.padEnd(31)} | ${b}`);
    console.log(
      `load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await registry.close();
    counted.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function must(
  run: Promise<{ code: number; stdout: string; stderr: string }>,
  expect?: RegExp,
): Promise<string> {
  const r = await run;
  const out = r.stdout + r.stderr;
  if (r.code !== 0 || (expect && !expect.test(out)))
    throw new Error(`host step failed (${r.code}): ${out.slice(-800)}`);
  return out;
}

/** npm pack + untar into `folder` (what the Codex and Gemini one-liners do with curl | tar). */
async function fetchPackage(home: string, folder: string): Promise<void> {
  await must(runHost("npm", ["pack", "weather@1.0.0"], { home }));
  await fs.mkdir(folder, { recursive: true });
  await must(
    runHost(
      "npm",
      ["exec", "--", "tar", "xzf", path.join(home, "weather-1.0.0.tgz"), "--strip-components=1"],
      { home, cwd: folder },
    ),
  );
}

const SCENARIOS: Record<string, (home: string, registry: string) => Promise<void>> = {
  "claude-code": async (home, registry) => {
    await must(
      runHost("claude", ["plugin", "marketplace", "add", `${registry}/.claude-plugin/marketplace.json`], {
        home,
      }),
    );
    await must(runHost("claude", ["plugin", "install", "weather@connectory"], { home }));
    await must(runHost("claude", ["mcp", "list"], { home }), /plugin:weather:weather: .* ✔ Connected/);
  },
  "gemini-cli": async (home) => {
    const folder = path.join(home, "weather");
    await fetchPackage(home, folder);
    await trustGeminiFolders(home, [home, folder]);
    await must(
      runHost("gemini", ["extensions", "install", folder, "--consent", "--skip-settings"], { home }),
    );
    await must(runHost("gemini", ["mcp", "list"], { home }), /✓ weather .* - Connected/);
  },
  codex: async (home) => {
    const folder = path.join(home, "weather");
    await fetchPackage(home, folder);
    await must(runHost("codex", ["plugin", "marketplace", "add", folder], { home }));
    await must(runHost("codex", ["plugin", "add", "weather@connectory-weather"], { home }));
    // `codex mcp list` reads the config without connecting: this is "configured", not "connected".
    await must(runHost("codex", ["mcp", "list"], { home }), /weather\s+node/);
  },
};

await main();
