import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { afterAll, beforeAll } from "vitest";
import { cli, ROOT } from "../helpers/cli.js";
import { startTestServer } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// The --json shapes in docs/cli.md name every key the verbs really print: each verb below is run
// (offline, in a temp home) and every key of its JSON document, nested objects and array items
// included, must be written as "key" in that verb's section.

function section(doc: string, verb: string): string {
  const start = doc.indexOf(`### \`${verb}\`\n`);
  if (start === -1) throw new Error(`no section for ${verb}`);
  const end = doc.slice(start + 1).search(/\n##+ /);
  return doc.slice(start, end === -1 ? undefined : start + 1 + end);
}

/** Every key of a JSON value, below `skip`ped keys (free-form maps such as server specs). */
function keys(value: unknown, skip: Set<string>, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keys(v, skip, out);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      if (!skip.has(k)) keys(v, skip, out);
    }
  return out;
}

// Values that are documents of their own shape (documented elsewhere) or maps keyed by names.
const FREE = new Set(["server", "mcpServers", "origin", "problems", "package"]);

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

it("every key the offline verbs print under --json is named in their docs/cli.md section", async () => {
  const doc = await fs.readFile(path.join(ROOT, "docs/cli.md"), "utf8");
  const home = await tempDir();
  const out = await tempDir();
  const weather = path.join(ROOT, "plugins-sample/weather");
  const runs: Array<[verb: string, argv: string[]]> = [
    ["validate", ["validate", weather]],
    ["pack", ["pack", weather, "-o", out]],
    ["mcp add", ["mcp", "add", "notes", "--env", "A=b", "--", "node", "server.js"]],
    ["mcp list", ["mcp", "list"]],
    ["trust", ["trust", "notes"]],
    ["config", ["config"]],
    ["config", ["config", "--explain"]],
    ["untrust", ["untrust", "notes"]],
    ["mcp remove", ["mcp", "remove", "notes"]],
    ["list", ["list"]],
    ["gateway status", ["gateway", "status"]],
    ["logs", ["logs"]],
    ["marketplace add", ["marketplace", "add", "other", "http://127.0.0.1:9"]],
    ["marketplace list", ["marketplace", "list"]],
    ["marketplace remove", ["marketplace", "remove", "other"]],
  ];
  const missing: string[] = [];
  for (const [verb, argv] of runs) {
    const r = await cli([...argv, "--json"], { home });
    expect(r.code, `${argv.join(" ")}\n${r.stderr}`).toBe(0);
    const text = section(doc, verb);
    for (const key of keys(JSON.parse(r.stdout), FREE))
      if (!text.includes(`"${key}"`)) missing.push(`${verb}: "${key}"`);
  }
  expect(missing).toEqual([]);
});

// Below these keys sit shapes of their own: MCP tool definitions and provider formats, a host's
// document, maps keyed by tag or function name, MCP capabilities.
const ONLINE_FREE = new Set([
  ...FREE,
  "env", // a server's env: keys are the package's own
  "params", // a quality phrase's values: keys are the placeholders of src/core/quality/words-en.ts
  "tools",
  "routes",
  "capabilities",
  "serverInfo",
  "document",
  "distTags",
  "drift",
  "error",
]);

it("every key the registry-backed verbs print under --json is named in their docs/cli.md section", async () => {
  const doc = await fs.readFile(path.join(ROOT, "docs/cli.md"), "utf8");
  const home = await tempDir();
  const env = { CONNECTORY_REGISTRY: server.url };
  const runs: Array<[verb: string, argv: string[]]> = [
    ["search", ["search", "weather"]],
    ["info", ["info", "weather"]],
    ["install", ["install", "weather", "--yes"]],
    ["credentials set", ["credentials", "set", "weather", "WEATHER_UNITS=imperial"]],
    ["credentials show", ["credentials", "show", "weather"]],
    ["credentials unset", ["credentials", "unset", "weather"]],
    ["config copy", ["config", "copy", "weather", "--host", "cursor"]],
    ["inspect", ["inspect", "weather"]],
    ["tools", ["tools"]],
    ["doctor", ["doctor"]],
    ["config export", ["config", "export", "--host", "claude-code"]],
    ["disable", ["disable", "weather"]],
    ["enable", ["enable", "weather"]],
    ["update", ["update"]],
    ["uninstall", ["uninstall", "weather"]],
  ];
  const missing: string[] = [];
  for (const [verb, argv] of runs) {
    const r = await cli([...argv, "--json"], { home, env: { ...env, HOME: home } });
    expect(r.code, `${argv.join(" ")}\n${r.stderr}`).toBe(0);
    const text = section(doc, verb);
    for (const key of keys(JSON.parse(r.stdout), ONLINE_FREE))
      if (!text.includes(`"${key}"`)) missing.push(`${verb}: "${key}"`);
  }
  expect(missing).toEqual([]);
});
