import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VersionContent } from "../../../src/core/api/documents.js";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import { readTarball } from "../../../src/package/read-tarball.js";
import { createBundledChecker } from "../../../src/registry/checks/bundled-queue.js";
import { checkBundled, findSandbox } from "../../../src/registry/checks/check-bundled.js";
import { versionContent } from "../../../src/registry/documents.js";
import { createToken } from "../../../src/registry/tokens.js";
import { startServer } from "../../../src/server/start-server.js";
import { tempDir } from "../../helpers/tmp.js";
import { createTestRegistry, packDir, packPackage, type TestRegistry } from "../../helpers/registry.js";

// Bundled stdio servers are started at publish inside bubblewrap, under a memory limit and a time
// limit, and spoken to over stdio through the SDK. These tests need a usable bwrap (the CI image has it).

const bwrap = await findSandbox();

async function contentOf(bytes: Uint8Array): Promise<VersionContent> {
  const report = validatePackage(await readTarball(bytes));
  if (!report.package) throw new Error(JSON.stringify(report.problems));
  return versionContent(report.package);
}

/** A package whose one bundled server is `script` (run by node from the package folder). */
function scripted(name: string, script: string): Promise<Uint8Array> {
  return packPackage(
    { name, version: "1.0.0" },
    {
      "mcp.json": JSON.stringify({
        mcpServers: { main: { type: "stdio", command: "node", args: ["${PLUGIN_ROOT}/server.js"] } },
      }),
      "server.js": script,
    },
  );
}

describe.skipIf(!bwrap)("bundled servers checked at publish", () => {
  it("the weather sample starts in the sandbox and answers initialize and tools/list", async () => {
    const bytes = await packDir("weather");
    const result = await checkBundled(bytes, await contentOf(bytes), { bwrap: bwrap! });
    expect(result).toMatchObject({ kind: "bundled", status: "up" });
    expect(result!.toolCount).toBeGreaterThan(0);
    expect(result!.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("a server that never answers is stopped at the time limit", async () => {
    const bytes = await scripted("hangs", "setInterval(() => {}, 1000);\n");
    const result = await checkBundled(bytes, await contentOf(bytes), { bwrap: bwrap!, timeoutMs: 1500 });
    expect(result).toMatchObject({ kind: "bundled", status: "down", error: "check.timeout" });
  });

  it("a server that exits, or runs out of memory, is down", async () => {
    const exits = await scripted("exits", "process.exit(3);\n");
    expect(await checkBundled(exits, await contentOf(exits), { bwrap: bwrap! })).toMatchObject({
      status: "down",
      error: "check.bundled.exited",
    });
    // The control: a well-behaved server runs under the same limit.
    const weather = await packDir("weather");
    expect(
      await checkBundled(weather, await contentOf(weather), { bwrap: bwrap!, memoryMb: 900 }),
    ).toMatchObject({
      status: "up",
    });
    const hog = await scripted("hog", "const a = []; for (;;) a.push(Buffer.alloc(1e7, 1));\n");
    expect(await checkBundled(hog, await contentOf(hog), { bwrap: bwrap!, memoryMb: 900 })).toMatchObject({
      status: "down",
      error: "check.bundled.exited",
    });
  });

  it("the server has no network and cannot see the registry's files", async () => {
    // It answers MCP only if every escape failed: a file outside the package, the home, the network.
    const script = `
const fs = require("node:fs");
const net = require("node:net");
let escaped = false;
for (const p of ["${process.cwd()}/package.json", "/etc/shadow", "${process.env.HOME}/.bashrc"]) {
  try { fs.readFileSync(p); escaped = true; } catch {}
}
const s = net.connect(5432, "127.0.0.1");
s.on("connect", () => process.exit(7));
s.on("error", () => {
  if (escaped) process.exit(8);
  process.stdin.on("data", (d) => {
    for (const line of d.toString().split("\\n").filter(Boolean)) {
      const m = JSON.parse(line);
      if (m.id === undefined) continue;
      const result = m.method === "initialize"
        ? { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "x", version: "1" } }
        : { tools: [] };
      process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, result }) + "\\n");
    }
  });
});
`;
    const bytes = await scripted("jail", script);
    expect(await checkBundled(bytes, await contentOf(bytes), { bwrap: bwrap! })).toMatchObject({
      status: "up",
      toolCount: 0,
    });
  });

  it("a version without bundled servers is not checked", async () => {
    const bytes = await packPackage({ name: "remote-only", version: "1.0.0" });
    expect(await checkBundled(bytes, await contentOf(bytes), { bwrap: bwrap! })).toBeUndefined();
  });
});

describe.skipIf(!bwrap)("publish queues the check; the answer does not wait for it", () => {
  let reg: TestRegistry;
  const logs: string[] = [];
  let checker: ReturnType<typeof createBundledChecker>;
  beforeAll(async () => {
    reg = await createTestRegistry();
    checker = createBundledChecker({
      repo: reg.repo,
      blobs: reg.app.registry.deps.blobs,
      log: (m) => logs.push(m),
      // As the server wires it (src/server/start-server.ts): each check rescores the connector.
      onEvidence: async (name) => void (await reg.app.registry.refreshQuality(name)),
    });
  });
  afterAll(async () => {
    await checker.close();
    await reg.close();
  });

  it("records a bundled check for the published version", async () => {
    const token = await reg.token("connectory-samples");
    const res = await reg.publish(await packDir("weather"), token, "weather");
    expect(res.status).toBe(201);
    checker.enqueue("weather", "1.0.0");
    checker.enqueue("nope", "1.0.0"); // a version that does not exist is skipped quietly
    await checker.idle();
    const evidence = await reg.repo.stabilityEvidence("weather", new Date().toISOString());
    expect(evidence).toMatchObject({ latest: { kind: "bundled", status: "up" }, checks7d: 1, uptime7d: 1 });
    expect(logs).toEqual([]);
    const doc = (await (await reg.request("/v1/connectors/weather")).json()) as Record<string, unknown>;
    expect(doc.checks).toEqual(evidence);
    expect((doc.quality as { check?: unknown }).check).toEqual(evidence!.latest);
  });
});

describe.skipIf(!bwrap)("a registry started with bundled checks", () => {
  it("checks what is published through it, after answering the publish", async () => {
    const dir = await tempDir();
    const server = await startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: path.join(dir, "registry.db"),
      storageDir: path.join(dir, "blobs"),
      seed: false,
      bundledChecks: true,
      log: () => undefined,
    });
    try {
      const { token } = await createToken(server.repo, { publisher: "connectory-samples", now: new Date() });
      const res = await fetch(`${server.url}/v1/connectors/weather`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
        body: await packDir("weather"),
      });
      expect(res.status).toBe(201);
      let evidence;
      for (let i = 0; i < 120 && !evidence; i++) {
        evidence = await server.repo.stabilityEvidence("weather", new Date().toISOString());
        if (!evidence) await new Promise((r) => setTimeout(r, 250));
      }
      expect(evidence).toMatchObject({ latest: { kind: "bundled", status: "up" } });
    } finally {
      await server.close();
    }
  });
});
