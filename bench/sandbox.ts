// `npm run bench:sandbox`: what the sandbox adds to one stdio server launch: the weather sample (node,
// network none) from spawn to a completed MCP handshake and tools/list, with and without bubblewrap,
// and with a host list (bubblewrap, socat inside, the filtering proxy in this process).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadEffectiveConfig } from "../cli/home/effective-config.js";
import { updateSandboxFile } from "../cli/home/sandbox-store.js";
import { cacheDir } from "../cli/home/home.js";
import { connectServer } from "../cli/mcp/mcp-client.js";
import { selectServers, targetOf } from "../cli/mcp/mcp-targets.js";
import { buildHome } from "../test/helpers/home.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const RUNS = 11;

async function launches(home: string, userHome: string): Promise<number[]> {
  const config = await loadEffectiveConfig(home);
  const target = targetOf(selectServers(config, "weather")[0]!, config);
  const world = { env: { HOME: userHome, PATH: process.env.PATH }, cwd: userHome, fetch, timeoutMs: 15_000 };
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const session = await connectServer(target, { ...world, version: "bench", home });
    await session.listTools();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    await session.close();
  }
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-sandbox-"));
  try {
    const home = path.join(root, "connectory");
    const userHome = path.join(root, "home");
    await fs.mkdir(userHome);
    await buildHome(home, [{ sample: "weather" }]);
    const sandboxed = await launches(home, userHome);
    // The same server declaring a host list: bubblewrap plus socat and the filtering proxy.
    const manifest = path.join(cacheDir(home, "default", "weather", "1.0.0"), "plugin.json");
    const declared = JSON.parse(await fs.readFile(manifest, "utf8"));
    await fs.writeFile(manifest, JSON.stringify({ ...declared, permissions: { network: ["localhost"] } }));
    const proxied = await launches(home, userHome);
    await updateSandboxFile(home, () => ({ off: { "weather@default": { at: "bench" } } }));
    const plain = await launches(home, userHome);
    const median = (t: number[]) => t[Math.floor(t.length / 2)] as number;
    const rows = [
      ["bubblewrap (network none)", sandboxed],
      ["bubblewrap + proxy (network [localhost])", proxied],
      ["unsandboxed (sandbox off)", plain],
    ] as const;
    const header = ["weather: spawn → initialize → tools/list", "min ms", "median ms", "max ms"];
    const cells = rows.map(([label, t]) => [
      label,
      ...[t[0]!, median(t), t[t.length - 1]!].map((x) => x.toFixed(1)),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)));
    const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i] ?? 0)).join("  ");
    console.log(line(header));
    for (const c of cells) console.log(line(c));
    console.log(
      `\nthe sandbox adds ${(median(sandboxed) - median(plain)).toFixed(1)} ms, with a host list's proxy ${(median(proxied) - median(plain)).toFixed(1)} ms (medians of ${RUNS} launches)`,
    );
    console.log(
      `load average ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores (wall times grow with it)`,
    );
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

await main();
