import { afterAll, beforeAll, expect, it } from "vitest";
import type { ServerList } from "../../src/core/official/types.js";
import { cli } from "../helpers/cli.js";
import { schemaErrors } from "../helpers/official.js";
import { packDir, startTestServer } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

let server: Awaited<ReturnType<typeof startTestServer>>;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: server.url } });

beforeAll(async () => {
  server = await startTestServer();
  home = await tempDir();
  const token = await server.token("connectory-samples");
  for (const name of ["tushare", "weather"]) {
    const res = await fetch(`${server.url}/v1/connectors/${name}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: (await packDir(name)) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(201);
  }
}, 60_000);
afterAll(() => server.close());

it("info --server-json prints the version's official registry entries, as the registry serves them", async () => {
  const r = await run("info", "tushare", "--server-json");
  expect([r.code, r.stderr]).toEqual([0, ""]);
  const printed = JSON.parse(r.stdout) as ServerList;
  const served = (await (
    await fetch(`${server.url}/v1/connectors/tushare/1.0.0/server.json`)
  ).json()) as ServerList;
  expect(printed).toEqual(served);
  expect(printed.servers[0]!.server.remotes![0]!.url).toBe(
    "https://api.tushare.pro/mcp/?token={TUSHARE_TOKEN}",
  );
  for (const e of printed.servers) expect(schemaErrors(e.server)).toEqual([]);
  const json = await run("info", "weather@1.0.0", "--server-json", "--json");
  const doc = JSON.parse(json.stdout) as ServerList;
  expect(doc.servers[0]!.server.packages![0]!.registryType).toBe("mcpb");
});

it("an unknown version is the usual error", async () => {
  const r = await run("info", "tushare@9.9.9", "--server-json");
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("available versions: 1.0.0");
});
