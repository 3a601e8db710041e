import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, it } from "vitest";
import { startServer } from "../../../src/server/start-server.js";
import { createToken } from "../../../src/registry/tokens.js";
import { tempDir } from "../../helpers/tmp.js";

// The server as `serve` starts it, over real HTTP: PUBLISHER_PROOF_BASE_URL (tests only) points the
// proof fetcher at a local server, which sees the domain as Host; without it a loopback name is refused.

it("serve reads PUBLISHER_PROOF_BASE_URL for the file proof, and refuses loopback without it", async () => {
  const bodies = new Map<string, string>();
  const hosts: string[] = [];
  const proofServer = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? "");
    const body = bodies.get(req.headers.host ?? "");
    if (req.url === "/.well-known/connectory-publisher" && body !== undefined) res.end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => proofServer.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(proofServer.address() as AddressInfo).port}`;
  const dir = await tempDir();
  const start = (env: Record<string, string>, name: string) =>
    startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: path.join(dir, `${name}.db`),
      storageDir: path.join(dir, `${name}-blobs`),
      env,
      seed: false,
      log: () => undefined,
    });
  const withBase = await start({ PUBLISHER_PROOF_BASE_URL: base }, "a");
  const without = await start({}, "b");
  try {
    const ask = async (server: typeof withBase, route: string, body: unknown) => {
      const { token } = await createToken(server.repo, { publisher: "acme", now: new Date() });
      const res = await fetch(`${server.url}${route}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const challenge = (await ask(withBase, "/v1/publisher/domains", { domain: "acme.example.com" })).body;
    bodies.set("acme.example.com", challenge.proof.http.body);
    const verified = await ask(withBase, "/v1/publisher/domains/acme.example.com/verify", {});
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe("verified");

    // Without the override the real HTTPS fetcher runs, and the local proof server is never asked: the
    // name does not resolve offline (a failed proof), and would not reach loopback if it did.
    await ask(without, "/v1/publisher/domains", { domain: "acme.example.com" });
    const refused = await ask(without, "/v1/publisher/domains/acme.example.com/verify", {});
    expect(refused.status).toBe(422);
    expect(["publisher.proof.failed", "publisher.proof.blocked"]).toContain(refused.body.code);
    expect(hosts.filter((h) => h === "acme.example.com")).toHaveLength(1); // only the first server's look
  } finally {
    await withBase.close();
    await without.close();
    await new Promise((resolve) => proofServer.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  }
});
