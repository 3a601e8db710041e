import { afterAll, beforeAll, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, makePackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";
import { packFiles } from "../../src/package/pack.js";

// mcp.json 2 alternatives: a credential only an alternative launch reads is not asked for when this machine
// uses another launch, and is when `install --prefer` chooses that alternative. A real registry, in-process.

let reg: TestRegistry;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;

beforeAll(async () => {
  reg = await createTestRegistry();
  const token = await reg.token("acme");
  const files = makePackage(
    { name: "twoway", version: "1.0.0" },
    {
      "mcp.json": JSON.stringify({
        schemaVersion: 2,
        mcpServers: {
          twoway: {
            // `node` runs this test, so it is on PATH: the machine uses this launch.
            command: "node",
            args: ["${PLUGIN_ROOT}/server.js", "--region", "${REGION}"],
            alternatives: [
              {
                type: "streamable-http",
                url: "https://twoway.example/mcp",
                headers: { Authorization: "Bearer ${REMOTE_TOKEN}" },
              },
            ],
          },
        },
      }),
      "server.js": "process.stdin.resume();\n",
      "token-schema.json": JSON.stringify({
        type: "object",
        properties: {
          REGION: { type: "string", default: "eu" },
          REMOTE_TOKEN: { type: "string", secret: true, description: "Token of the hosted server" },
        },
        required: ["REMOTE_TOKEN"],
      }),
    },
  );
  const res = await reg.publish(await packFiles(files), token, "twoway");
  expect(res.status, await res.text()).toBe(201);
});
afterAll(() => reg.close());

const install = async (...extra: string[]) => {
  const home = await tempDir();
  const r = await cli(["install", "twoway", "--yes", "--json", ...extra], {
    home,
    env: { CONNECTORY_REGISTRY: reg.publicUrl, PATH: process.env["PATH"] ?? "" },
    fetch: fetchFn,
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { status: string; missing: string[] };
};

it("does not ask for a credential only the unused alternative reads", async () => {
  expect(await install()).toMatchObject({ status: "ready", missing: [] });
});

it("asks for it when --prefer chooses that alternative", async () => {
  expect(await install("--prefer", "remote")).toMatchObject({
    status: "needs-credentials",
    missing: ["REMOTE_TOKEN"],
  });
});
