import { afterAll, beforeAll, expect, it } from "vitest";
import { parseCheckpoint } from "../../../src/core/tlog/checkpoint.js";
import { leafHash, verifyConsistency, verifyInclusion } from "../../../src/core/tlog/merkle.js";
import { appendBatchToLog, appendToLog } from "../../../src/registry/tlog/append.js";
import { inclusion, latestCheckpoint, consistency } from "../../../src/registry/tlog/proofs.js";
import { verifyLog } from "../../../src/registry/tlog/verify-log.js";
import { createTestRegistry, type TestRegistry } from "../../helpers/registry.js";

// Issue 23: a batch of appends (the start-up backfill, the bench) signs one checkpoint at its end instead
// of one per leaf; the tree it builds is the one single appends build, and every leaf proves under it.

let one: TestRegistry;
let batched: TestRegistry;
beforeAll(async () => {
  [one, batched] = await Promise.all([createTestRegistry(), createTestRegistry()]);
  await Promise.all([one.app.registry.ready(), batched.app.registry.ready()]);
});
afterAll(async () => {
  await one?.close();
  await batched?.close();
});

const entry = (i: number) => new TextEncoder().encode(`statement ${i}`);
const NOW = "2026-12-02T00:00:00.000Z";

it("a batch builds the same tree as single appends, with one checkpoint per batch, and every leaf proves", async () => {
  const deps = (reg: TestRegistry) => reg.app.registry.deps;
  for (let i = 0; i < 37; i++)
    await one.repo.transaction((tx) => appendToLog(tx, { data: entry(i), ...deps(one).signing, now: NOW }));
  // Batches that start and end at every kind of boundary: 1, a power of two, odd sizes.
  let from = 0;
  const sizes: number[] = [];
  for (const n of [1, 5, 16, 15]) {
    const entries = Array.from({ length: n }, (_, j) => entry(from + j));
    const indexes = await batched.repo.transaction((tx) =>
      appendBatchToLog(tx, { entries, ...deps(batched).signing, now: NOW }),
    );
    expect(indexes).toEqual(Array.from({ length: n }, (_, j) => from + j));
    from += n;
    sizes.push(from);
  }
  // Same leaves, same subtrees, same root.
  const nodes = "SELECT level, idx, hash FROM tlog_nodes ORDER BY level, idx";
  expect(await batched.sql(nodes)).toEqual(await one.sql(nodes));
  const checkpoints = async (reg: TestRegistry) =>
    (await reg.sql("SELECT size FROM tlog_checkpoints ORDER BY size")).map((r) => Number(r.size));
  expect(await checkpoints(one)).toHaveLength(37);
  expect(await checkpoints(batched)).toEqual(sizes);
  const latest = parseCheckpoint(await latestCheckpoint(deps(batched))).checkpoint!;
  const single = parseCheckpoint(await latestCheckpoint(deps(one))).checkpoint!;
  expect(Buffer.from(latest.root).equals(Buffer.from(single.root))).toBe(true);
  // Each leaf, including those inside a batch, proves under the batch checkpoints after it.
  for (let i = 0; i < 37; i++) {
    const proof = await inclusion(deps(batched), i, latest.size);
    const path = proof.proof.map((h) => Buffer.from(h, "base64"));
    expect(verifyInclusion(i, latest.size, leafHash(entry(i)), path, latest.root), `leaf ${i}`).toBe(true);
  }
  const first = (await batched.repo.log.checkpoint(sizes[1]!))!;
  const con = await consistency(deps(batched), sizes[1]!, latest.size);
  expect(
    verifyConsistency(
      sizes[1]!,
      latest.size,
      Buffer.from(first.root, "hex"),
      latest.root,
      con.proof.map((h) => Buffer.from(h, "base64")),
    ),
  ).toBe(true);
  expect((await verifyLog(batched.repo)).problems).toEqual([]);
});

it("an empty batch appends and signs nothing; a failed transaction leaves no leaf", async () => {
  const deps = batched.app.registry.deps;
  const before = await batched.snapshot();
  expect(
    await batched.repo.transaction((tx) => appendBatchToLog(tx, { entries: [], ...deps.signing, now: NOW })),
  ).toEqual([]);
  await expect(
    batched.repo.transaction(async (tx) => {
      await appendBatchToLog(tx, { entries: [entry(100), entry(101)], ...deps.signing, now: NOW });
      throw new Error("the publish failed after its append");
    }),
  ).rejects.toThrow("the publish failed");
  expect(await batched.snapshot()).toBe(before);
});
