import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicKeyFromRaw, verifyBytes, type PublicKeyEntry } from "../../../src/core/signing/keys.js";
import { signedStatement, type VersionStatement } from "../../../src/core/signing/statement.js";
import { snapshotDigest, type ToolSnapshot } from "../../../src/core/tools/snapshot.js";
import { createBundledChecker } from "../../../src/registry/checks/bundled-queue.js";
import { findSandbox } from "../../../src/registry/checks/check-bundled.js";
import { createTestRegistry, packDir, type TestRegistry } from "../../helpers/registry.js";

// After publish, the bundled check (sandboxed) records the version's tool snapshot, and the registry
// signs its digest with the version: a new statement, appended to the transparency log.

const bwrap = await findSandbox();

describe.skipIf(!bwrap)("signed tool snapshots of bundled servers", () => {
  let reg: TestRegistry;
  let checker: ReturnType<typeof createBundledChecker>;
  const logs: string[] = [];
  beforeAll(async () => {
    reg = await createTestRegistry();
    checker = createBundledChecker({
      repo: reg.repo,
      blobs: reg.app.registry.deps.blobs,
      log: (m) => logs.push(m),
      // As src/server/start-server.ts wires it.
      onSnapshot: (name, version, snapshot) =>
        reg.app.registry.recordToolSnapshot({ name, version, snapshot }),
    });
  });
  afterAll(async () => {
    await checker.close();
    await reg.close();
  });

  it("records initialize and the complete lists, and signs the digest with the version", async () => {
    const token = await reg.token("connectory-samples");
    expect((await reg.publish(await packDir("weather"), token, "weather")).status).toBe(201);
    const before = (await (await reg.request("/v1/connectors/weather/1.0.0")).json()) as {
      dist: { statement: VersionStatement };
    };
    expect(before.dist.statement.toolSnapshotDigest).toBeUndefined();
    checker.enqueue("weather", "1.0.0");
    await checker.idle();
    expect(logs).toEqual([]);
    const doc = (await (await reg.request("/v1/connectors/weather/1.0.0")).json()) as {
      toolSnapshot: ToolSnapshot;
      dist: { statement: VersionStatement; signatures: Array<{ keyid: string; sig: string }> };
    };
    const snap = doc.toolSnapshot;
    expect(snap.kind).toBe("bundled");
    expect(Object.keys(snap.servers)).toEqual(["weather"]);
    const weather = snap.servers.weather!;
    expect(weather.serverInfo?.name).toBeTruthy();
    expect(weather.tools.length).toBeGreaterThan(0);
    expect(weather.tools[0]).toHaveProperty("inputSchema");
    expect(snap.digest).toBe(snapshotDigest(snap));
    // The new statement names the digest and is signed by a key the registry publishes.
    expect(doc.dist.statement.toolSnapshotDigest).toBe(snap.digest);
    const { _type: _t, ...rest } = doc.dist.statement;
    void _t;
    expect(rest).toMatchObject({ name: "weather", version: "1.0.0", sha256: expect.any(String) });
    const keys = (await (await reg.request("/.well-known/connectory/keys")).json()) as {
      keys: PublicKeyEntry[];
    };
    const sig = doc.dist.signatures[0]!;
    const key = keys.keys.find((k) => k.keyid === sig.keyid)!;
    expect(verifyBytes(publicKeyFromRaw(key.publicKey), signedStatement(doc.dist.statement), sig.sig)).toBe(
      true,
    );

    // A second check keeps the first snapshot (what clients pinned against).
    checker.enqueue("weather", "1.0.0");
    await checker.idle();
    const again = (await (await reg.request("/v1/connectors/weather/1.0.0")).json()) as {
      toolSnapshot: ToolSnapshot;
    };
    expect(again.toolSnapshot).toEqual(snap);
  }, 120_000); // a sandboxed server started twice on a shared machine
});
