import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// The least a connector can be (plugin.json and mcp.json only: no icon, README, credentials, skills,
// keywords, categories or reported tools): every part of its page still says something sensible.

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
  const bytes = await packPackage({ name: "bare", version: "0.0.1", description: "Only the two files." });
  expect((await reg.publish(bytes, await reg.token("acme"), "bare")).status).toBe(201);
});
afterAll(() => reg.close());

const html = async (path: string) => {
  const res = await reg.request(path);
  expect(res.status).toBe(200);
  return res.text();
};

test.each(["/c/bare", "/c/bare/0.0.1", "/c/bare/latest"])("%s says what the package lacks", async (path) => {
  const page = await html(path);
  // No display name: the name read as a title; the version quietly beside the name, not in the title.
  expect(page).toContain("<h1>Bare</h1>");
  expect(page).toContain('<code>bare</code> <span class="version">0.0.1</span>');
  expect(page).toContain("No README.");
  expect(page).toContain("No credentials needed.");
  // A connector with servers and no skills has no empty Skills section.
  expect(page).not.toContain('id="skills-h"');
  expect(page).not.toContain('id="tools-h"');
  expect(page).toContain('src="/icons/bare/0.0.1"');
  expect(page).toContain(">connectory install bare");
  expect(page).toContain('id="panel-cursor"');
  // Nothing to list under the description: no empty paragraph either.
  expect(page).not.toMatch(/<p class="tags">\s*<\/p>/);
  expect(page).not.toContain('class="tags"');
  expect(reg.errors).toEqual([]);
});

test("its icon is the default one, its publisher page lists it, search finds it", async () => {
  const icon = await reg.request("/icons/bare/0.0.1");
  expect(icon.headers.get("content-type")).toBe("image/svg+xml");
  expect(await html("/p/acme")).toContain('href="/c/bare"');
  expect(await html("/search?q=bare")).toContain('href="/c/bare"');
});
