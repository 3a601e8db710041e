import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRegistry, packPackage, publishSamples, type TestRegistry } from "../helpers/registry.js";

// The connector page shows what its local servers may reach in the words `info` and `install` use:
// the declared permissions, "unrestricted" when a local server declares none, nothing for a remote-only one.

let reg: TestRegistry;

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  const token = await reg.token("acme");
  const mcp = { mcpServers: { loose: { command: "node", args: ["${PLUGIN_ROOT}/server.js"] } } };
  const bytes = await packPackage(
    { name: "loose", version: "1.0.0", categories: ["other"] },
    { "mcp.json": JSON.stringify(mcp), "server.js": "console.log(1);\n" },
  );
  expect((await reg.publish(bytes, token, "loose")).status).toBe(201);
});
afterAll(() => reg.close());

const section = async (name: string) => {
  const res = await reg.request(`/c/${name}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  return /<section aria-labelledby="permissions-h">([\s\S]*?)<\/section>/.exec(html)?.[1];
};

describe("permissions on the connector page", () => {
  it("lists the filesystem sample's grant and the weather sample's missing network", async () => {
    const files = await section("filesystem");
    expect(files).toContain("<li>network: none</li>");
    expect(files).toContain("<li>files: read and write ${ALLOWED_DIR}</li>");
    expect(await section("weather")).toContain("files: none of yours");
  });

  it("says unrestricted for a local server without permissions, and nothing for a remote-only connector", async () => {
    expect(await section("loose")).toContain("unrestricted: runs with your files and network");
    expect(await section("tushare")).toBeUndefined();
  });
});
