import { afterEach, expect, it } from "vitest";
import type { RegistryRepository } from "../../src/db/repository.js";
import { rebuildForPublicUrl } from "../../src/registry/rebuild.js";
import { createApp } from "../../src/server/app.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Documents carry absolute tarball URLs, rebuilt at start-up when PUBLIC_URL changes. A rebuild cut short
// must not leave documents pointing at a host the next start-up does not serve.

let reg: TestRegistry | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  await reg?.close();
  await database?.drop();
  database = undefined;
});

/**
 * The repository, counting its transactions: `most` in flight at once. From transaction number
 * `failingFrom` on (the marker's reset is number 1), each fails as a killed process's would.
 */
function counting(real: RegistryRepository, failingFrom = Infinity) {
  const seen = { calls: 0, inFlight: 0, most: 0 };
  const repo = Object.create(real) as RegistryRepository;
  repo.transaction = async (fn) => {
    const call = ++seen.calls;
    seen.most = Math.max(seen.most, ++seen.inFlight);
    try {
      if (call >= failingFrom) throw new Error("injected: killed");
      return await real.transaction(fn);
    } finally {
      seen.inFlight--;
    }
  };
  return { repo, seen };
}

it("a rebuild for a new PUBLIC_URL cut short is redone by the next start-up under the old one", async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  const names = ["alpha", "bravo", "charlie", "delta"];
  for (const name of names) {
    const res = await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name);
    expect(res.status).toBe(201);
  }
  const blobs = new FsBlobStore(reg.blobDir);
  const moved = "https://moved.example";
  // The marker's reset and two connectors' rebuilds land, then the process dies.
  const cut = createApp({ db: counting(reg.repo, 4).repo, blobs, publicUrl: moved });
  await expect(cut.registry.ready()).rejects.toThrow(/injected: killed/);
  const tarballs = async (app: ReturnType<typeof createApp>, origin: string) =>
    Promise.all(
      names.map(async (name) => {
        const res = await app.request(`${origin}/v1/connectors/${name}`);
        expect(res.status).toBe(200);
        const doc = (await res.json()) as { versions: Record<string, { dist: { tarball: string } }> };
        return doc.versions["1.0.0"]!.dist.tarball;
      }),
    );
  // The deploy is rolled back: the old URL again. Every document must name it.
  const back = createApp({ db: reg.repo, blobs, publicUrl: reg.publicUrl });
  await back.registry.ready();
  expect(await tarballs(back, reg.publicUrl)).toEqual(
    names.map((name) => `${reg!.publicUrl}/v1/connectors/${name}/1.0.0/tarball`),
  );
  // And a start-up under the new URL after a completed rebuild serves it everywhere.
  const done = createApp({ db: reg.repo, blobs, publicUrl: moved });
  await done.registry.ready();
  expect(await tarballs(done, moved)).toEqual(
    names.map((name) => `${moved}/v1/connectors/${name}/1.0.0/tarball`),
  );
});

it("a rebuild tells the operator what it does and when it is done; a start with nothing to rebuild says nothing", async () => {
  reg = await createTestRegistry();
  const blobs = new FsBlobStore(reg.blobDir);
  const notices: string[] = [];
  const notice = (message: string) => void notices.push(message);
  // A new registry under another URL: no document to rebuild, nothing said.
  await createApp({ db: reg.repo, blobs, publicUrl: "https://empty.example", notice }).registry.ready();
  expect(notices).toEqual([]);
  const token = await reg.token("acme");
  for (const name of ["alpha", "bravo"])
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  const moved = createApp({ db: reg.repo, blobs, publicUrl: "https://moved.example", notice });
  await moved.registry.ready();
  expect(notices).toHaveLength(2);
  expect(notices[0]).toMatch(
    /^rebuilding the documents of 2 connectors for https:\/\/moved\.example \(PUBLIC_URL/,
  );
  expect(notices[0]).toContain("answers 503 until this ends");
  expect(notices[1]).toMatch(/^rebuilt the documents of 2 connectors in \d+\.\d s$/);
  // The next start under the same URL finds every document current: nothing to say.
  const again = createApp({ db: reg.repo, blobs, publicUrl: "https://moved.example", notice });
  await again.registry.ready();
  expect(notices).toHaveLength(2);
});

it("a rebuild asked to stop stops between connectors, and the next start rebuilds every document", async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  for (const name of ["alpha", "bravo", "charlie"])
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  const blobs = new FsBlobStore(reg.blobDir);
  const moved = "https://moved.example";
  // The stop arrives while the rebuild announces itself: before its first connector.
  const stopping = new AbortController();
  const cut = createApp({
    db: reg.repo,
    blobs,
    publicUrl: moved,
    stopping: stopping.signal,
    notice: () => stopping.abort(),
  });
  await expect(cut.registry.ready()).rejects.toMatchObject({
    code: "registry.stopped",
    message: "stopped after rebuilding 0 of 3 connectors' documents; the next start rebuilds them all",
  });
  expect(await reg.repo.getMeta("derived_fields")).toBe("rebuilding");
  const notices: string[] = [];
  const next = createApp({ db: reg.repo, blobs, publicUrl: moved, notice: (m) => void notices.push(m) });
  await next.registry.ready();
  expect(notices[1]).toMatch(/^rebuilt the documents of 3 connectors in /);
  const res = await next.request(`${moved}/v1/connectors/charlie`);
  const doc = (await res.json()) as { versions: Record<string, { dist: { tarball: string } }> };
  expect(doc.versions["1.0.0"]!.dist.tarball).toBe(`${moved}/v1/connectors/charlie/1.0.0/tarball`);
});

it("a long rebuild says how far it is every so many connectors", async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  for (const name of ["alpha", "bravo", "charlie", "delta", "echo"])
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  const notices: string[] = [];
  const deps = {
    ...reg.app.registry.deps,
    publicUrl: "https://moved.example",
    notice: (m: string) => void notices.push(m),
  };
  expect(await rebuildForPublicUrl(deps, 2)).toBe(5);
  expect(notices.slice(1, -1)).toEqual([
    "rebuilt 2 of 5 connectors' documents",
    "rebuilt 4 of 5 connectors' documents",
  ]);
  expect(notices).toHaveLength(4);
});

it("a failure stops the rebuild: no transaction left in flight, no connector started after it", async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  const names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
  for (const name of names)
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  const real = reg.repo;
  // The 4th connector's transaction fails.
  const { repo, seen } = counting(real, 5);
  const deps = { ...reg.app.registry.deps, repo, publicUrl: "https://moved.example" };
  await expect(rebuildForPublicUrl(deps)).rejects.toThrow(/injected: killed/);
  expect(seen.inFlight).toBe(0);
  expect(seen.calls).toBeLessThan(1 + names.length); // no connector was started after the failure was seen
  expect(await real.getMeta("derived_fields")).toBe("rebuilding");
  // Without the failure, every connector is rebuilt and the documents are marked current.
  expect(await rebuildForPublicUrl({ ...deps, repo: real })).toBe(names.length);
  expect(await real.getMeta("public_url")).toBe("https://moved.example");
});

// On PostgreSQL the four transactions really run side by side, each on its own connection (on SQLite each
// runs whole, synchronously, before the next starts).
it.skipIf(!(await postgresAvailable()))(
  "on PostgreSQL, four connectors at once; a failure ends the others before it is thrown; then every document for the new URL",
  async () => {
    database = await createTestDatabase();
    reg = await createTestRegistry({ databaseUrl: database.url });
    const token = await reg.token("acme");
    const names = Array.from({ length: 12 }, (_, i) => `conn-${String(i).padStart(2, "0")}`);
    for (const name of names)
      for (const version of ["1.0.0", "1.1.0"])
        expect((await reg.publish(await packPackage({ name, version }), token, name)).status).toBe(201);
    const real = reg.repo;
    const moved = "https://moved.example";
    // The 4th connector's transaction fails while the first three are in flight.
    const failing = counting(real, 5);
    const cut = { ...reg.app.registry.deps, repo: failing.repo, publicUrl: moved };
    await expect(rebuildForPublicUrl(cut)).rejects.toThrow(/injected: killed/);
    expect(failing.seen.most).toBe(4);
    expect(failing.seen.inFlight).toBe(0);
    expect(failing.seen.calls).toBeLessThan(1 + names.length);
    const { repo, seen } = counting(real);
    const deps = { ...reg.app.registry.deps, repo, publicUrl: moved };
    expect(await rebuildForPublicUrl(deps)).toBe(names.length);
    expect(seen.most).toBe(4);
    expect(await real.getMeta("public_url")).toBe(moved);
    // Served under the new URL, with nothing left to rebuild: every version's tarball names it.
    const served = createApp({ db: real, blobs: new FsBlobStore(reg.blobDir), publicUrl: moved });
    await served.registry.ready();
    for (const name of names) {
      const res = await served.request(`${moved}/v1/connectors/${name}`);
      const doc = (await res.json()) as { versions: Record<string, { dist: { tarball: string } }> };
      expect(Object.values(doc.versions).map((v) => v.dist.tarball)).toEqual(
        expect.arrayContaining([
          `${moved}/v1/connectors/${name}/1.0.0/tarball`,
          `${moved}/v1/connectors/${name}/1.1.0/tarball`,
        ]),
      );
      expect(Object.keys(doc.versions)).toHaveLength(2);
    }
  },
);

// SQLite's driver is synchronous: every await of a rebuild settles at once, so unless the rebuild lets the
// event loop turn, a timer (as a SIGTERM or a health probe) waits for all of it.
it("the event loop turns between connectors: a stop asked from a timer is seen on SQLite", async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  const names = Array.from({ length: 20 }, (_, i) => `conn-${String(i).padStart(2, "0")}`);
  for (const name of names)
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  const stopping = new AbortController();
  const deps = { ...reg.app.registry.deps, publicUrl: "https://moved.example", stopping: stopping.signal };
  setTimeout(() => stopping.abort(), 0);
  const error = await rebuildForPublicUrl(deps).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: "registry.stopped" });
  const rebuilt = Number(/stopped after rebuilding (\d+) of 20/.exec((error as Error).message)?.[1]);
  expect(rebuilt).toBeLessThan(names.length);
});
