import { afterEach, expect, it } from "vitest";
import type { RegistryRepository } from "../../src/db/repository.js";
import { createApp } from "../../src/server/app.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Documents carry absolute tarball URLs, rebuilt at start-up when PUBLIC_URL changes. A rebuild cut short
// must not leave documents pointing at a host the next start-up does not serve.

let reg: TestRegistry | undefined;
afterEach(async () => reg?.close());

/** The repository, with every transaction after the first `allowed` ones failing as a crash would. */
function crashingAfter(real: RegistryRepository, allowed: number): RegistryRepository {
  const crashing = Object.create(real) as RegistryRepository;
  let count = 0;
  crashing.transaction = (fn) =>
    ++count > allowed ? Promise.reject(new Error("injected: killed")) : real.transaction(fn);
  return crashing;
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
  const cut = createApp({ db: crashingAfter(reg.repo, 3), blobs, publicUrl: moved });
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
