// `npm run bench:credential-store`: what keeping the credentials in the OS keychain (issue 16) costs
// against credentials.json: readCredentials and a locked updateCredentials in-process, and the built
// `credentials show` end to end, on a real Secret Service (gnome-keyring on a private D-Bus bus, as the
// tests run it), plus `auto` on a machine with no keychain (the probe that falls back to the file).
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readCredentials, updateCredentials } from "../cli/credentials/credentials-store.js";
import { configureCredentialStore } from "../cli/credentials/credential-store-world.js";
import { buildHome } from "../test/helpers/home.js";
import { secretServiceMissing, startSecretService } from "../test/helpers/secret-service.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/connectory.js");
const RUNS = 25;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function time(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function main(): Promise<void> {
  const missing = secretServiceMissing();
  if (missing) throw new Error(`bench:credential-store needs a Secret Service: ${missing}`);
  const service = await startSecretService();
  process.env.DBUS_SESSION_BUS_ADDRESS = service.env.DBUS_SESSION_BUS_ADDRESS;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-credentials-"));
  try {
    const rows: string[][] = [];
    const cases: Array<[label: string, store: string, env: Record<string, string>]> = [
      ["file", "file", {}],
      ["keychain", "keychain", {}],
      [
        "auto, a bus but no keychain",
        "",
        { DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(work, "none")}` },
      ],
      ["auto, no session bus", "", { DBUS_SESSION_BUS_ADDRESS: "", XDG_RUNTIME_DIR: "" }],
    ];
    for (const [label, store, extra] of cases) {
      const home = path.join(work, label.replace(/\W+/g, "-"));
      await buildHome(home, [{ sample: "tushare" }]);
      const env = { CONNECTORY_CREDENTIAL_STORE: store, ...service.env, ...extra };
      // 20 connectors' worth of credentials: a large home's document (about 2 KB).
      const connectors: Record<string, Record<string, string | number>> = Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`c${i}@default`, { TOKEN: "f".repeat(64), N: i }]),
      );
      connectors["tushare@default"] = { TUSHARE_TOKEN: "ab".repeat(28) };
      const reads: number[] = [];
      const writes: number[] = [];
      if (!("DBUS_SESSION_BUS_ADDRESS" in extra)) {
        configureCredentialStore({ env });
        await updateCredentials(home, (f) => ({ ...f, connectors }));
        for (let i = 0; i < RUNS; i++) reads.push(await time(() => readCredentials(home)));
        for (let i = 0; i < RUNS; i++)
          writes.push(
            await time(() =>
              updateCredentials(home, (f) => ({ ...f, registries: { d: { token: `t${i}` } } })),
            ),
          );
      }
      const spawned: number[] = [];
      for (let i = 0; i < 10; i++) {
        const start = process.hrtime.bigint();
        const r = spawnSync(process.execPath, [BIN, "credentials", "show", "tushare"], {
          env: { ...process.env, ...env, CONNECTORY_HOME: home, NO_COLOR: "1" },
          encoding: "utf8",
        });
        spawned.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (r.status !== 0) throw new Error(`credentials show (${label}): ${r.stderr}`);
      }
      rows.push([
        label,
        reads.length ? median(reads).toFixed(2) : "-",
        writes.length ? median(writes).toFixed(2) : "-",
        median(spawned).toFixed(0),
      ]);
    }
    const header = ["store", "readCredentials ms", "updateCredentials ms", "`credentials show` ms"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
    process.stdout.write(
      [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n") +
        `\n(medians: ${RUNS} in-process runs, 10 spawned; ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})\n`,
    );
  } finally {
    await service.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

await main();
