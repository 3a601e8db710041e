import { expect, it } from "vitest";
import { sampleNames, startTestServer } from "../helpers/registry.js";

it("startServer listens on port 0, derives the public URL, seeds once, and closes cleanly", async () => {
  const server = await startTestServer({ seed: true });
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.publicUrl).toBe(server.url);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const list = (await (await fetch(`${server.url}/v1/connectors?sort=name&limit=100`)).json()) as {
      items: Array<{ name: string }>;
    };
    expect(list.items).toHaveLength((await sampleNames()).length);
    const doc = (await (await fetch(`${server.url}/v1/connectors/${list.items[0]!.name}`)).json()) as {
      versions: Record<string, { dist: { tarball: string } }>;
    };
    const tarball = Object.values(doc.versions)[0]!.dist.tarball;
    expect(tarball.startsWith(`${server.url}/v1/connectors/`)).toBe(true);
    expect((await fetch(tarball)).status).toBe(200);
    // The internal seeding token was revoked: only the test's own tokens can publish.
    expect((await server.repo.listTokens()).every((t) => t.revokedAt !== null)).toBe(true);
  } finally {
    await server.close();
  }
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});
