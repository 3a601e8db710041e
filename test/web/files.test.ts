import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { readTarball } from "../../src/package/read-tarball.js";
import { assetUrl } from "../../src/web/lib/assets.js";
import { FILE_CSP } from "../../src/web/lib/security-headers.js";
import { ROOT } from "../helpers/cli.js";
import { createTestRegistry, packPackage, publishSamples, type TestRegistry } from "../helpers/registry.js";
import { hostilePackage, HOSTILE_SVG } from "./hostile-package.js";

let reg: TestRegistry;

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  const token = await reg.token("acme");
  expect((await reg.publish(await hostilePackage(), token, "hostile")).status).toBe(201);
  expect(
    (await reg.publish(await packPackage({ name: "plain", version: "1.0.0" }), token, "plain")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

describe("static assets", () => {
  test("fingerprinted URLs are cached for a year; other URLs revalidate; ETag gives a 304", async () => {
    const url = assetUrl("app.js");
    const res = await reg.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(await fs.readFile(path.join(ROOT, "src/web/static/app.js"), "utf8"));
    const plain = await reg.request("/static/app.js");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    const again = await reg.request("/static/style.css", {
      headers: { "if-none-match": plain.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(200); // a different file's ETag does not match
    const etag = (await reg.request("/static/style.css")).headers.get("etag") ?? "";
    expect((await reg.request("/static/style.css", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  test("only files of src/web/static are served", async () => {
    for (const p of [
      "/static/nope.js",
      "/static/..%2F..%2Fpackage.json",
      "/static/%2e%2e%2fpackage.json",
      "/static/",
    ]) {
      const res = await reg.request(p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe("icons", () => {
  test("a package's SVG icon is served as an image with a CSP that lets nothing run", async () => {
    const res = await reg.request("/icons/weather/1.0.0");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toBe(FILE_CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(
      await fs.readFile(path.join(ROOT, "plugins-sample/weather/icon.svg"), "utf8"),
    );
  });

  test("a hostile SVG is served byte for byte but sandboxed; a tag URL revalidates", async () => {
    const res = await reg.request("/icons/hostile/latest");
    expect(await res.text()).toBe(HOSTILE_SVG);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  test("a package without an icon gets a monogram of its name; unknown ones a 404", async () => {
    const res = await reg.request("/icons/plain/1.0.0");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toBe(FILE_CSP);
    const svg = await res.text();
    expect(svg).toContain(">P</text>");
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    // Another name, another letter (and not the one picture on every card).
    expect(await (await reg.request("/icons/weather/latest")).text()).not.toBe(svg);
    expect((await reg.request("/icons/nope/1.0.0")).status).toBe(404);
    expect((await reg.request("/icons/plain/9.9.9")).status).toBe(404);
    expect((await reg.request("/icons/BAD/1.0.0")).status).toBe(400);
  });
});

describe("schemas and the example package", () => {
  test("each JSON Schema is served at a stable URL", async () => {
    for (const file of ["plugin.schema.json", "mcp.schema.json", "token-schema.schema.json"]) {
      const res = await reg.request(`/schemas/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/schema+json");
      expect(await res.json()).toEqual(
        JSON.parse(await fs.readFile(path.join(ROOT, "schemas", file), "utf8")),
      );
    }
    for (const p of ["/schemas/nope.schema.json", "/schemas/..%2Fpackage.json", "/schemas/package.json"]) {
      expect((await reg.request(p)).status, p).toBe(404);
    }
  });

  test("the example package is a valid tarball of the weather sample, the same bytes every time", async () => {
    const res = await reg.request("/publish/example.tgz");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="weather-1.0.0.tgz"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const report = validatePackage(await readTarball(bytes));
    expect(report.ok).toBe(true);
    expect(report.package?.manifest.name).toBe("weather");
    const again = new Uint8Array(await (await reg.request("/publish/example.tgz")).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});
