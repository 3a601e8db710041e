import path from "node:path";
import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRegistry, packDir, SAMPLES_DIR, type TestRegistry } from "../../helpers/registry.js";

let reg: TestRegistry;

beforeAll(async () => {
  reg = await createTestRegistry();
  for (const sample of ["tushare", "weather"]) {
    const manifest = JSON.parse(await fs.readFile(path.join(SAMPLES_DIR, sample, "plugin.json"), "utf8")) as {
      publisher: string;
    };
    const res = await reg.publish(
      await packDir(path.join(SAMPLES_DIR, sample)),
      await reg.token(manifest.publisher),
      sample,
    );
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }
});
afterAll(async () => reg.close());

describe("GET /v1/connectors/:name/:version/config", () => {
  it("returns a snippet with credentials as the host's references", async () => {
    const res = await reg.request("/v1/connectors/tushare/latest/config?host=cursor");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      host: string;
      snippets: Array<{ server: string; document: unknown; deeplink: string }>;
    };
    expect(body.host).toBe("cursor");
    expect(JSON.stringify(body.snippets[0]!.document)).toContain("token=${env:TUSHARE_TOKEN}");
    expect(body.snippets[0]!.deeplink).toMatch(
      /^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=tushare&config=/,
    );
  });

  it("shows bundled servers with a PLUGIN_ROOT placeholder", async () => {
    const res = await reg.request("/v1/connectors/weather/latest/config?host=vscode");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<PLUGIN_ROOT>/server/index.js");
  });

  it("answers problem+json for a missing or unknown host and an unknown connector", async () => {
    for (const [url, status] of [
      ["/v1/connectors/tushare/latest/config", 400],
      ["/v1/connectors/tushare/latest/config?host=notepad", 400],
      ["/v1/connectors/nope/latest/config?host=cursor", 404],
    ] as const) {
      const res = await reg.request(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
  });
});
