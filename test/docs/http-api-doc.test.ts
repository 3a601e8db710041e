import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";
import { codesRaisedIn, documentedCodes, matchesDocumented } from "./doc-text.js";

// docs/http-api.md is the registry's contract: every route the app registers is listed, and every
// problem code src/registry and src/http can answer with (and the tools-report codes they return in
// `errors`) is documented.

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
});
afterAll(() => reg.close());

const read = () => fs.readFile(path.join(ROOT, "docs/http-api.md"), "utf8");

it("every route of the app is in docs/http-api.md", async () => {
  const doc = await read();
  const routes = reg.app.routes.filter((r) => r.method !== "ALL" && r.path !== "/*");
  expect(routes.length).toBeGreaterThan(15);
  const missing = routes.filter((r) => {
    const api = r.path === "/healthz" || r.path.startsWith("/v1/") || !isPage(r.path);
    // API and file routes are listed with their method; pages by their path.
    return api ? !doc.includes(`\`${r.method} ${r.path}\``) : !doc.includes(`\`${r.path}\``);
  });
  expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

const PAGES = ["/", "/search", "/c/:name", "/c/:name/:version", "/p/:publisher", "/publish"];
const isPage = (p: string) => PAGES.includes(p);

it("every problem code src/registry and src/http emit is documented in docs/http-api.md", async () => {
  const documented = documentedCodes(await read());
  const codes = await codesRaisedIn(
    path.join(ROOT, "src/registry"),
    path.join(ROOT, "src/http"),
    path.join(ROOT, "src/request"),
    path.join(ROOT, "src/core/tools/report.ts"),
  );
  expect(codes).toContain("publish.version.exists"); // the scan reads what it should
  expect(codes).toContain("route.not-found");
  // The importer's and the mirror's codes (src/registry/import, src/registry/mirror) reach operators in
  // `connectory-registry import`'s report and serve's mirror log, not HTTP clients: docs/deploy.md documents those.
  const importer = new Set(
    await codesRaisedIn(path.join(ROOT, "src/registry/import"), path.join(ROOT, "src/registry/mirror")),
  );
  const elsewhere = new Set(
    await codesRaisedIn(
      ...(await fs.readdir(path.join(ROOT, "src/registry"), { withFileTypes: true }))
        .filter((e) => e.name !== "import" && e.name !== "mirror")
        .map((e) => path.join(ROOT, "src/registry", e.name)),
      path.join(ROOT, "src/http"),
      path.join(ROOT, "src/request"),
      path.join(ROOT, "src/core/tools/report.ts"),
    ),
  );
  expect(importer.size).toBeGreaterThan(5);
  const deploy = documentedCodes(await fs.readFile(path.join(ROOT, "docs/deploy.md"), "utf8"));
  const undocumented = codes.filter((c) =>
    importer.has(c) && !elsewhere.has(c) ? !matchesDocumented(c, deploy) : !matchesDocumented(c, documented),
  );
  expect(undocumented).toEqual([]);
});

it("every code in the problem table is one the registry's code can produce", async () => {
  const table = (await read()).split("## Problem codes")[1] ?? "";
  const sources = [
    "src/registry",
    "src/http",
    "src/request",
    "src/server",
    "src/db",
    "src/storage",
    "src/core",
    "src/package",
  ];
  const known = await codesRaisedIn(...sources.map((s) => path.join(ROOT, s)));
  const listed = [...documentedCodes(table)];
  expect(listed.length).toBeGreaterThan(30);
  const unknown = listed.filter((d) => !known.some((c) => matchesDocumented(c, new Set([d]))));
  expect(unknown).toEqual([]);
});

it("the examples in docs/http-api.md match what the registry answers", async () => {
  const doc = await read();
  const missing = await reg.request("/v1/connectors/nope");
  const body = (await missing.json()) as Record<string, unknown>;
  expect(missing.headers.get("content-type")).toBe("application/problem+json");
  expect(Object.keys(body).sort()).toEqual(["code", "detail", "hint", "status", "title", "type"]);
  expect(doc).toContain(`"type": "urn:connectory:problem:`);
  const health = await reg.request("/healthz");
  expect(await health.json()).toEqual({ status: "ok" });
  expect(doc).toContain('`200 { "status": "ok" }`');
});
