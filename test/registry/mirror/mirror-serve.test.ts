import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runAdmin } from "../../../src/admin/run-admin.js";
import { adminContext } from "../../helpers/admin.js";
import { packPackage, startTestServer } from "../../helpers/registry.js";
import { tempDir } from "../../helpers/tmp.js";

// `connectory-registry serve` with MIRROR_URLS and MIRROR_INTERVAL: the registry it starts mirrors the
// upstream by itself, and a version published upstream later arrives too.

let upstream: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
const publish = async (version: string) => {
  const res = await fetch(`${upstream.url}/v1/connectors/alpha`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
    body: await packPackage({ name: "alpha", version, description: "The alpha tools." }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
};

beforeAll(async () => {
  upstream = await startTestServer();
  token = await upstream.token("acme");
  await publish("1.0.0");
});
afterAll(() => upstream.close());

it("serve mirrors MIRROR_URLS every MIRROR_INTERVAL seconds", async () => {
  const dir = await tempDir();
  const { ctx, out, stop } = adminContext({
    PORT: "0",
    DATABASE_URL: path.join(dir, "registry.db"),
    STORAGE_DIR: path.join(dir, "blobs"),
    SEED: "0",
    CHECK_INTERVAL: "0",
    MIRROR_URLS: upstream.url,
    MIRROR_INTERVAL: "1",
  });
  const running = runAdmin(["serve"], ctx);
  try {
    await expect
      .poll(() => out.stdout, { timeout: 20_000 })
      .toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = /listening on (\S+)/.exec(out.stdout)![1]!;
    const status = async (v: string) => (await fetch(`${url}/v1/connectors/alpha/${v}`)).status;
    await expect.poll(() => status("1.0.0"), { timeout: 20_000 }).toBe(200);
    await publish("1.1.0");
    await expect.poll(() => status("1.1.0"), { timeout: 20_000 }).toBe(200);
    expect(out.stderr).toMatch(/mirror: http:\/\/127\.0\.0\.1:\d+: 1 changed, imported 1/);
  } finally {
    stop("SIGTERM");
    expect(await running).toBe(0);
  }
});
