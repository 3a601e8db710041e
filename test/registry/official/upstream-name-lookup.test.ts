import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runImport } from "../../../src/registry/import/import-run.js";
import { importEntries } from "../../../src/registry/import/import-sources.js";
import { createTestRegistry, type TestRegistry } from "../../helpers/registry.js";

// Issue 31 #13: the upstream-name lookup was a full-text search over the name's last part limited to 20,
// so 20 listings crowding the same words made `/v0.1/servers/<upstream name>` answer 404 for the 21st.
// It is now one exact lookup in the indexed column connectors.upstream_name.

const CROWD = 25;
let reg: TestRegistry;

beforeAll(async () => {
  reg = await createTestRegistry();
  const entries = Array.from({ length: CROWD }, (_, i) => ({
    $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    name: `io.github.crowd${i}/weather-forecast-server`,
    description: "Weather forecast server: the same words in every name",
    version: "1.0.0",
    packages: [
      {
        registryType: "npm",
        identifier: `@crowd${i}/weather-forecast-server`,
        version: "1.0.0",
        transport: { type: "stdio" },
      },
    ],
  }));
  const file = path.join(reg.dir, "crowd.json");
  await fs.writeFile(file, JSON.stringify(entries));
  const report = await runImport({
    registry: reg.app.registry,
    repo: reg.repo,
    entries: await importEntries(file, { fetch, cwd: reg.dir }),
    now: () => new Date(),
  });
  expect(report.counts.imported).toBe(CROWD);
});
afterAll(() => reg.close());

it("finds every one of 25 listings whose names share all their words, by its exact upstream name", async () => {
  for (let i = 0; i < CROWD; i++) {
    const name = `io.github.crowd${i}/weather-forecast-server`;
    const res = await reg.request(`/v0.1/servers/${encodeURIComponent(name)}/versions/latest`);
    expect(res.status, name).toBe(200);
    expect(((await res.json()) as { server: { name: string } }).server.name).toBe(name);
  }
});

it("answers 404 for an upstream name nobody imported, however many share its words", async () => {
  const res = await reg.request(
    `/v0.1/servers/${encodeURIComponent("io.github.crowd99/weather-forecast-server")}/versions/latest`,
  );
  expect(res.status).toBe(404);
});
