// `npm run bench:supply-chain`: what registry signatures and the transparency log cost (issue 23).
// In-process on a temp SQLite file: publish p50 and the part of it that signs and appends to the log;
// verification p50 (signature, checkpoint, inclusion proof) as install runs it; install p50 with and
// without verification, as two real installs into fresh homes; log append throughput up to
// BENCH_LOG_ENTRIES (default 100,000) entries with a checkpoint per entry (before) and per batch of 1,000
// (after); proof size and verification time at that size.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createApp } from "../src/server/app.js";
import { openDatabase } from "../src/db/open-database.js";
import { packFiles } from "../src/package/pack.js";
import { createToken } from "../src/registry/tokens.js";
import { FsBlobStore } from "../src/storage/fs-blob-store.js";
import { signVersion } from "../src/registry/signing/signer.js";
import { Readable } from "node:stream";
import { runCli } from "../cli/main.js";
import { RegistryClient } from "../cli/registry/registry-client.js";
import { packageManifestDigest, verifyRelease } from "../cli/verify/verify-release.js";
import { checkStatement, verifySignature } from "../cli/verify/verify-statement.js";
import { fetchSignedSnapshot } from "../cli/verify/tool-snapshot.js";
import { saveTrust } from "../cli/verify/marketplace-keys.js";
import { loadPackage } from "../cli/install/cached-package.js";
import { cacheDir, connectorKey } from "../cli/home/home.js";
import { updateInstalled } from "../cli/home/installed-store.js";
import { resolveVersion } from "../src/core/resolve-version.js";
import { computeIntegrity } from "../src/package/integrity.js";
import { readTarballContents } from "../src/package/read-tarball.js";
import { writePackageTree } from "../src/package/unpack.js";
import { appendBatchToLog, appendToLog } from "../src/registry/tlog/append.js";
import { inclusion, latestCheckpoint } from "../src/registry/tlog/proofs.js";
import { parseCheckpoint } from "../src/core/tlog/checkpoint.js";
import { leafHash, verifyInclusion } from "../src/core/tlog/merkle.js";
import { signedStatement } from "../src/core/signing/statement.js";
import { keysDocument } from "../src/registry/signing/keys-document.js";
import { answerHelp } from "./lib/help.js";

answerHelp(import.meta.url);

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ENTRIES = Number(process.env.BENCH_LOG_ENTRIES ?? 100_000);
// The checkpoint-per-entry run (the "before") signs one checkpoint per leaf: 10,000 keep the bench short.
const EACH_ENTRIES = Number(process.env.BENCH_LOG_EACH_ENTRIES ?? Math.min(ENTRIES, 10_000));
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(3)} ms`;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-bench-sc-"));
const repo = await openDatabase(path.join(dir, "r.db"));
const app = createApp({
  db: repo,
  blobs: new FsBlobStore(path.join(dir, "blobs")),
  publicUrl: "http://bench.test",
});
await app.registry.ready();
const deps = app.registry.deps;
const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
const pkg = (version: string) => {
  const files = new Map<string, Uint8Array>();
  const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
  files.set(
    "plugin.json",
    enc({ name: "bench", version, description: "The bench connector", publisher: "acme" }),
  );
  files.set(
    "mcp.json",
    enc({ mcpServers: { bench: { type: "streamable-http", url: "https://example.com/mcp" } } }),
  );
  return packFiles(files);
};

// 1. Publish p50 (the real route: validation, README, blob, rows, signature, log append).
const publish: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const body = await pkg(`1.0.${i}`);
  const t = performance.now();
  const res = await app.request("http://bench.test/v1/connectors/bench", {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  publish.push(performance.now() - t);
  if (res.status !== 201) throw new Error(`publish ${res.status}`);
}
// The part of it signatures add: sign the statement, and append (lock, nodes, leaf, checkpoint) in a transaction.
const extra: number[] = [];
const empty: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  await repo.transaction(async () => undefined);
  empty.push(performance.now() - t);
  t = performance.now();
  const signed = signVersion(deps.signing.signer, {
    name: "x",
    version: `0.0.${i}`,
    publisher: "acme",
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    manifestDigest: "sha256:00",
    publishedAt: new Date().toISOString(),
  });
  await repo.transaction((tx) =>
    appendToLog(tx, { data: signed.bytes, ...deps.signing, now: new Date().toISOString() }),
  );
  extra.push(performance.now() - t);
}

// 2. Verification as install runs it: signature + statement, newest checkpoint, inclusion proof.
const doc = JSON.parse(await (await app.request("http://bench.test/v1/connectors/bench/1.0.0")).text());
const keys = (await keysDocument(deps)).keys;
const verify: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  const release = verifySignature(keys, doc.dist, "bench@1.0.0");
  const cp = parseCheckpoint(await latestCheckpoint(deps)).checkpoint!;
  const proof = await inclusion(deps, release.log!.index, cp.size);
  const ok = verifyInclusion(
    release.log!.index,
    cp.size,
    leafHash(signedStatement(release.statement)),
    proof.proof.map((h) => Buffer.from(h, "base64")),
    cp.root,
  );
  if (!ok) throw new Error("inclusion failed");
  verify.push(performance.now() - t);
}

// 2b. Install p50 with vs without verification: real installs of bench@1.0.0 into a fresh home each,
// against the same registry (in-process, so the network is not what is measured). Both run the install
// pipeline's own steps (resolve, download, sha512, read the package, unpack into the cache, installed.json);
// "with" adds what `install` verifies (keys pinned on first use, signature, statement, checkpoint,
// inclusion proof, the signed tool snapshot, the statement against the downloaded bytes, the trust saved),
// so the difference is verification alone. The `install` command end to end (locks, credentials, consent,
// output) is timed as well, with verification.
const viaApp = ((input: string | URL | Request, init?: RequestInit) =>
  app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const silent = { write: () => true, isTTY: false };
const context = (home: string) => ({
  cwd: dir,
  home,
  env: {
    CONNECTORY_HOME: home,
    CONNECTORY_REGISTRY: "http://bench.test",
    NO_COLOR: "1",
    CONNECTORY_CREDENTIAL_STORE: "file",
  },
  stdout: silent,
  stderr: silent,
  stdin: Object.assign(Readable.from([]), { isTTY: false }),
  fetch: viaApp,
  now: () => new Date(),
  version: "0.0.0-bench",
});

async function pipelineInstall(home: string, verified: boolean): Promise<void> {
  const label = "bench@1.0.0";
  const client = new RegistryClient("http://bench.test", viaApp);
  const connector = await client.connector("bench");
  const { version, entry } = resolveVersion(connector, "1.0.0");
  const checked = verified
    ? await verifyRelease({ ...context(home), json: false }, client, "default", entry.dist, {
        name: "bench",
        version,
        integrity: entry.dist.integrity,
        ...(entry.dist.sha256 !== undefined ? { sha256: entry.dist.sha256 } : {}),
        ...(entry.dist.size !== undefined ? { size: entry.dist.size } : {}),
      })
    : undefined;
  if (checked) await fetchSignedSnapshot(client, checked.release, label);
  const bytes = await client.download(entry.dist.tarball);
  const actual = computeIntegrity(bytes);
  if (actual.integrity !== entry.dist.integrity) throw new Error("integrity");
  const contents = await readTarballContents(bytes);
  if (checked)
    checkStatement(
      checked.release.statement,
      { name: "bench", version, ...actual, manifestDigest: packageManifestDigest(contents.files, label) },
      label,
    );
  loadPackage(contents.files, label);
  await writePackageTree(contents, cacheDir(home, "default", "bench", version));
  await updateInstalled(home, (all) => ({
    ...all,
    [connectorKey("bench", "default")]: {
      name: "bench",
      marketplace: "default",
      version,
      integrity: actual.integrity,
      sha256: actual.sha256,
      enabled: true,
      requested: "1.0.0",
      installedAt: new Date().toISOString(),
      ...(checked ? { signed: checked.release } : {}),
    },
  }));
  if (checked) await saveTrust(home, "default", checked.trust);
}

const installWith: number[] = [];
const installWithout: number[] = [];
const installCommand: number[] = [];
for (let i = 0; i <= RUNS; i++) {
  // Alternated, so a change in the machine's load falls on both; run 0 warms up.
  let t = performance.now();
  await pipelineInstall(path.join(dir, `home-with-${i}`), true);
  if (i > 0) installWith.push(performance.now() - t);
  t = performance.now();
  await pipelineInstall(path.join(dir, `home-without-${i}`), false);
  if (i > 0) installWithout.push(performance.now() - t);
  const home = path.join(dir, `home-command-${i}`);
  t = performance.now();
  const code = await runCli(["install", "bench@1.0.0", "--yes"], context(home));
  if (code !== 0) throw new Error(`install exited ${code}`);
  if (i > 0) installCommand.push(performance.now() - t);
}

// 3. Log append throughput (ENTRIES; EACH_ENTRIES for the slow "before"), before and after issue 23's batching, each on a fresh database:
// 1,000 appends per transaction, with a signed checkpoint per entry (appendToLog each) and with one
// checkpoint per batch (appendBatchToLog).
async function appendRun(
  batched: boolean,
  entries: number,
): Promise<{ seconds: number; size: number; checkpoints: number }> {
  const own = await openDatabase(path.join(dir, batched ? "append-batched.db" : "append-each.db"));
  const ownApp = createApp({
    db: own,
    blobs: new FsBlobStore(path.join(dir, "blobs2")),
    publicUrl: "http://bench.test",
  });
  await ownApp.registry.ready();
  const signing = ownApp.registry.deps.signing;
  const data = signVersion(signing.signer, {
    name: "x",
    version: "9.9.9",
    publisher: "acme",
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    manifestDigest: "sha256:00",
    publishedAt: new Date().toISOString(),
  }).bytes;
  const now = "2026-12-02T00:00:00Z";
  const t = performance.now();
  for (let n = 0; n < entries;) {
    const batch = Math.min(1000, entries - n);
    await own.transaction(async (tx) => {
      if (batched) await appendBatchToLog(tx, { entries: Array(batch).fill(data), ...signing, now });
      else for (let j = 0; j < batch; j++) await appendToLog(tx, { data, ...signing, now });
    });
    n += batch;
  }
  const seconds = (performance.now() - t) / 1000;
  const checkpoints = (await own.log.checkpoints()).length;
  await own.close();
  return { seconds, size: entries, checkpoints };
}
const each = await appendRun(false, EACH_ENTRIES);
const loadAfterEach = os.loadavg()[0]!;
const batched = await appendRun(true, ENTRIES);
const loadAfterBatched = os.loadavg()[0]!;

// The proofs below are measured on the main database grown to ENTRIES in batches.
const startSize = parseCheckpoint(await latestCheckpoint(deps)).checkpoint!.size;
const signed = signVersion(deps.signing.signer, {
  name: "x",
  version: "9.9.9",
  publisher: "acme",
  integrity: "sha512-x",
  sha256: "00",
  size: 1,
  manifestDigest: "sha256:00",
  publishedAt: new Date().toISOString(),
});
for (let n = startSize; n < ENTRIES;) {
  const batch = Math.min(1000, ENTRIES - n);
  await repo.transaction((tx) =>
    appendBatchToLog(tx, {
      entries: Array(batch).fill(signed.bytes),
      ...deps.signing,
      now: "2026-12-02T00:00:00Z",
    }),
  );
  n += batch;
}

// 4. Proof size and verification time at ENTRIES.
const cp = parseCheckpoint(await latestCheckpoint(deps)).checkpoint!;
const leaf = leafHash(signed.bytes);
const index = cp.size - 1;
const proof = (await inclusion(deps, index, cp.size)).proof.map((h) => Buffer.from(h, "base64"));
const proofTimes: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  if (!verifyInclusion(index, cp.size, leaf, proof, cp.root)) throw new Error("proof failed");
  proofTimes.push(performance.now() - t);
}
const serve: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await inclusion(deps, Math.floor(Math.random() * cp.size), cp.size);
  serve.push(performance.now() - t);
}

console.log(`supply chain (SQLite, in-process; ${RUNS} runs each; the machine is shared)`);
console.log(`publish p50 (signature + log append included)        ${ms(p50(publish))}`);
console.log(
  `  of which signing + log append p50                  ${ms(p50(extra) - p50(empty))}  (target < 2 ms)`,
);
console.log(
  `  publish p50 without them (difference)              ${ms(p50(publish) - (p50(extra) - p50(empty)))}`,
);
console.log(
  `install verification p50 (signature, checkpoint, inclusion proof; in-process)  ${ms(p50(verify))}`,
);
console.log(
  `install p50, a fresh home each (in-process; ${RUNS} runs): with verification ${ms(p50(installWith))}, without ${ms(p50(installWithout))} (verification adds ${ms(p50(installWith) - p50(installWithout))}); the install command end to end ${ms(p50(installCommand))}`,
);
const rate = (r: { seconds: number; size: number }) => Math.round(r.size / r.seconds);
console.log(
  `log append, 1,000 per transaction: checkpoint per entry (before), ${each.size} entries: ${each.seconds.toFixed(1)} s = ${rate(each)} appends/s (${each.checkpoints} checkpoints; load ${loadAfterEach.toFixed(2)})`,
);
console.log(
  `                                     checkpoint per batch (after), ${batched.size} entries: ${batched.seconds.toFixed(1)} s = ${rate(batched)} appends/s (${batched.checkpoints} checkpoints; load ${loadAfterBatched.toFixed(2)})`,
);
console.log(
  `inclusion proof at ${cp.size}: ${proof.length} hashes = ${proof.length * 32} bytes (JSON ${JSON.stringify({ index, size: cp.size, proof: proof.map((h) => h.toString("base64")) }).length} bytes)`,
);
console.log(`  verify p50 ${ms(p50(proofTimes))}; served p50 ${ms(p50(serve))}`);
console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(2)}`);
await repo.close();
await fs.rm(dir, { recursive: true, force: true });
