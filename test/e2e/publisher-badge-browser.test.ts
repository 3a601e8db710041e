import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type RunningServer } from "../../src/server/start-server.js";
import { createToken } from "../../src/registry/tokens.js";
import { packPackage } from "../helpers/registry.js";
import { HAS_CHROMIUM, launchBrowser } from "./web-browser.js";

// The verified badge in Debian's chromium: the live search builds its cards in the browser
// (src/web/static/app.js), and they must carry the same badge as the server-rendered pages.

let server: RunningServer;
let proofs: http.Server;
let dir: string;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

describe.skipIf(!HAS_CHROMIUM)("the publisher badge in the browser", () => {
  beforeAll(async () => {
    const bodies = new Map<string, string>();
    proofs = http.createServer((req, res) => {
      const body = bodies.get(req.headers.host ?? "");
      if (body === undefined) res.writeHead(404).end();
      else res.end(body);
    });
    await new Promise<void>((resolve) => proofs.listen(0, "127.0.0.1", resolve));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-badge-"));
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: path.join(dir, "registry.db"),
      storageDir: path.join(dir, "blobs"),
      env: { PUBLISHER_PROOF_BASE_URL: `http://127.0.0.1:${(proofs.address() as AddressInfo).port}` },
      seed: false,
      log: () => undefined,
    });
    const { token } = await createToken(server.repo, { publisher: "acme", now: new Date() });
    const call = (route: string, init: RequestInit) =>
      fetch(`${server.url}${route}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });
    const bytes = await packPackage({ name: "zephyr", version: "1.0.0", description: "Zephyr winds" });
    expect((await call("/v1/connectors/zephyr", { method: "PUT", body: bytes })).status).toBe(201);
    const challenge = (await (
      await call("/v1/publisher/domains", {
        method: "POST",
        body: JSON.stringify({ domain: "acme.example.com" }),
      })
    ).json()) as { proof: { http: { body: string } } };
    bodies.set("acme.example.com", challenge.proof.http.body);
    expect((await call("/v1/publisher/domains/acme.example.com/verify", { method: "POST" })).status).toBe(
      200,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((resolve) => proofs.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });

  test("the live search's cards and the connector page show ✓ verified acme.example.com", async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${server.url}/`, { waitUntil: "load" });
    await page.locator("#q").pressSequentially("zeph", { delay: 40 });
    const card = page.locator("#live-list li", { has: page.locator('a[href="/c/zephyr"]') });
    await card.waitFor();
    expect(await card.locator(".badge-verified").textContent()).toBe("✓ verified acme.example.com");
    await card.locator('a[href="/c/zephyr"]').click();
    await page.waitForURL(`${server.url}/c/zephyr`);
    expect(await page.locator(".connector-head .badge-verified").textContent()).toContain(
      "verified acme.example.com",
    );
    expect(errors).toEqual([]);
  });
});
