import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../src/server/app.js";
import { checkTargets } from "../../../src/registry/checks/check-targets.js";
import { FsBlobStore } from "../../../src/storage/fs-blob-store.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";

const AT = { now: "2026-12-01T00:00:00.000Z", dueBefore: "2026-12-01T00:00:00.000Z", limit: 100 };
const lease = { ...AT, leaseUntil: "2026-12-01T00:00:01.000Z" };

describe("checkTargets", () => {
  it("keeps the checkable remote servers of a version, in order", () => {
    expect(
      JSON.parse(
        checkTargets({
          a: { type: "streamable-http", url: "https://a.example/mcp" },
          b: { type: "stdio", command: "node", args: ["${PLUGIN_ROOT}/x.js"] },
          c: { type: "sse", url: "http://c.example/sse" },
          d: { type: "http", url: "https://d.example/${API_KEY}/mcp" }, // a credential in the URL: not checkable
          e: { type: "http", url: "ftp://e.example/" },
          f: { type: "http", url: "not a url" },
        })!,
      ),
    ).toEqual([
      { url: "https://a.example/mcp", transport: "streamable-http", server: "a" },
      { url: "http://c.example/sse", transport: "sse", server: "c" },
    ]);
    expect(checkTargets({ s: { type: "stdio", command: "npx", args: ["-y", "x"] } })).toBeNull();
    expect(checkTargets({})).toBeNull();
  });
});

describe("the targets follow the version people get", () => {
  let reg: TestRegistry;
  let token: string;
  beforeAll(async () => {
    reg = await createTestRegistry();
    token = await reg.token();
  });
  afterAll(async () => reg.close());

  const remote = (name: string, version: string, url: string) =>
    packPackage(
      { name, version },
      { "mcp.json": JSON.stringify({ mcpServers: { m: { type: "http", url } } }) },
    );

  it("a new version's servers replace the old ones; yanking the only version leaves nothing to check", async () => {
    expect(
      (await reg.publish(await remote("moving", "1.0.0", "https://old.example/mcp"), token, "moving")).status,
    ).toBe(201);
    expect(
      (await reg.publish(await remote("moving", "1.1.0", "https://new.example/mcp"), token, "moving")).status,
    ).toBe(201);
    const [claim] = await reg.repo.claimChecks(lease);
    expect(claim).toEqual({
      name: "moving",
      version: "1.1.0",
      targets: [{ url: "https://new.example/mcp", transport: "http", server: "m" }],
    });

    expect(
      (await reg.publish(await remote("brief", "1.0.0", "https://brief.example/mcp"), token, "brief")).status,
    ).toBe(201);
    const yank = await reg.request("/v1/connectors/brief/1.0.0/yank", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(yank.status).toBeLessThan(300);
    expect(await reg.repo.claimChecks({ ...lease, now: "2026-12-01T00:00:02.000Z" })).toEqual([
      expect.objectContaining({ name: "moving" }),
    ]);
  });

  it("rows written before the checker existed get their targets at start-up", async () => {
    await reg.sql("UPDATE connectors SET check_targets = NULL, check_lease = NULL");
    expect(await reg.repo.claimChecks(lease)).toEqual([]);
    await reg.sql("DELETE FROM meta WHERE key = 'derived_fields'");
    const restarted = createApp({
      db: reg.repo,
      blobs: new FsBlobStore(reg.blobDir),
      publicUrl: reg.publicUrl,
    });
    await restarted.registry.ready();
    expect((await reg.repo.claimChecks(lease)).map((c) => c.name)).toEqual(["moving"]);
  });
});
