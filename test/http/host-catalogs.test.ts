import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostConfigDocument } from "../../src/core/api/documents.js";
import { computeIntegrity } from "../../src/package/integrity.js";
import { readTarball } from "../../src/package/read-tarball.js";
import {
  createTestRegistry,
  publishSamples,
  TEST_PUBLIC_URL,
  type TestRegistry,
} from "../helpers/registry.js";

// The host catalogs over the API (issue 25): the Claude Code marketplace, the npm packument and tarball
// of each version's host package, and the native install line of the config endpoint.

let reg: TestRegistry;
let samples: string[];
beforeAll(async () => {
  reg = await createTestRegistry();
  samples = await publishSamples(reg);
});
afterAll(async () => reg.close());

describe("host catalogs", () => {
  it("GET /.claude-plugin/marketplace.json lists every connector as an npm plugin of this registry", async () => {
    const res = await reg.request("/.claude-plugin/marketplace.json");
    expect(res.status).toBe(200);
    const etag = res.headers.get("etag")!;
    const doc = (await res.json()) as {
      name: string;
      owner: { name: string };
      plugins: Array<Record<string, any>>;
    };
    expect(doc.name).toBe("connectory");
    expect(doc.plugins.map((p) => p["name"])).toEqual(samples);
    expect(doc.plugins.find((p) => p["name"] === "weather")!["source"]).toEqual({
      source: "npm",
      package: "weather",
      version: "1.0.0",
      registry: `${TEST_PUBLIC_URL}/npm/`,
    });
    expect(
      (await reg.request("/.claude-plugin/marketplace.json", { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
  });

  it("GET /npm/:name and its tarball: the integrity is the tarball's, the tarball a Claude Code plugin", async () => {
    const packument = (await (await reg.request("/npm/weather")).json()) as {
      "dist-tags": Record<string, string>;
      versions: Record<string, { dist: { tarball: string; integrity: string } }>;
    };
    expect(packument["dist-tags"]).toEqual({ latest: "1.0.0" });
    const dist = packument.versions["1.0.0"]!.dist;
    expect(dist.tarball).toBe(`${TEST_PUBLIC_URL}/npm/weather/-/weather-1.0.0.tgz`);
    const res = await reg.request(dist.tarball);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(computeIntegrity(bytes).integrity).toBe(dist.integrity);
    const files = await readTarball(bytes);
    const plugin = JSON.parse(new TextDecoder().decode(files.get(".claude-plugin/plugin.json"))) as Record<
      string,
      any
    >;
    expect(plugin).toMatchObject({ name: "weather", version: "1.0.0" });
    expect(plugin["userConfig"]["WEATHER_UNITS"]).toMatchObject({ sensitive: false });
    // Built once: a second request serves the same bytes.
    const again = new Uint8Array(await (await reg.request(dist.tarball)).arrayBuffer());
    expect(again).toEqual(bytes);
    // A native install is a download: counted once per client and day, as the /v1 tarball is.
    const doc = (await (await reg.request("/v1/connectors/weather")).json()) as { downloads: number };
    expect(doc.downloads).toBe(1);
  });

  it("a yanked version leaves the packument and its tarball answers 404; unknown names 404", async () => {
    const token = await reg.token("connectory-samples");
    const yank = await reg.request("/v1/connectors/github/1.0.0/yank", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(yank.status).toBe(200);
    const packument = (await (await reg.request("/npm/github")).json()) as { versions: object };
    expect(packument.versions).toEqual({});
    const tarball = await reg.request("/npm/github/-/github-1.0.0.tgz");
    expect(tarball.status).toBe(404);
    expect(((await tarball.json()) as { code: string }).code).toBe("version.yanked");
    const marketplace = (await (await reg.request("/.claude-plugin/marketplace.json")).json()) as {
      plugins: Array<{ name: string }>;
    };
    expect(marketplace.plugins.map((p) => p.name)).not.toContain("github");
    expect((await reg.request("/npm/no-such-thing")).status).toBe(404);
    expect((await reg.request("/npm/weather/-/weather-9.9.9.tgz")).status).toBe(404);
    expect((await reg.request("/npm/weather/-/other-1.0.0.tgz")).status).toBe(404);
  });

  it("the config endpoint gives the host's native install line for plugin hosts only", async () => {
    const claude = (await (
      await reg.request("/v1/connectors/weather/1.0.0/config?host=claude-code")
    ).json()) as HostConfigDocument;
    expect(claude.install?.command).toBe(
      `claude plugin marketplace add ${TEST_PUBLIC_URL}/.claude-plugin/marketplace.json && claude plugin install weather@connectory`,
    );
    expect(claude.install?.notes.join(" ")).toContain("unconfined");
    const vscode = (await (
      await reg.request("/v1/connectors/weather/1.0.0/config?host=vscode")
    ).json()) as HostConfigDocument;
    expect(vscode.install).toBeUndefined();
    expect(reg.errors).toEqual([]);
  });
});
