import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { readPackageDir } from "../../src/package/read-dir.js";
import type { PackageFiles } from "../../src/core/types.js";
import { ROOT } from "../helpers/cli.js";
import { SAMPLE_VALUES, checkSample, designAjv } from "./design-rules.js";

const SAMPLES_DIR = path.join(ROOT, "plugins-sample");
const SAMPLES = fs
  .readdirSync(SAMPLES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const read = (name: string): Promise<PackageFiles> => readPackageDir(path.join(SAMPLES_DIR, name));
const jsonOf = (files: PackageFiles, file: string): any =>
  JSON.parse(new TextDecoder().decode(files.get(file)));
const withFile = (files: PackageFiles, file: string, value: unknown): PackageFiles =>
  new Map(files).set(
    file,
    new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value)),
  );

describe("plugins-sample", () => {
  it("holds the samples of the original brief", () => {
    expect(SAMPLES).toEqual(["brave-search", "filesystem", "github", "linear", "tdx", "tushare", "weather"]);
  });

  it.each(SAMPLES)("%s follows docs/package-format.md (schemas, templates, skills, icon)", async (name) => {
    expect(checkSample(name, await read(name))).toEqual([]);
  });

  // docs/package-format.md allows a secret in a URL but flags it; `validate --strict` lets that one warning through.
  it.each(SAMPLES)("%s passes validatePackage --strict", async (name) => {
    const report = validatePackage(await read(name), { strict: true });
    expect(report.problems.filter((p) => p.code !== "template.secret-in-url")).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.package?.manifest.name).toBe(name);
  });

  // Issue 32: the people the seed is written for read Chinese; tushare also shows a translated README.
  it.each(SAMPLES)("%s carries a Simplified Chinese display name and description", async (name) => {
    const manifest = validatePackage(await read(name)).package?.manifest;
    const zh = manifest?.i18n?.["zh-CN"];
    expect(zh?.displayName).toMatch(/\p{Script=Han}|^[A-Z]/u);
    expect(zh?.description).toMatch(/\p{Script=Han}{4}/u);
  });

  it("shows tushare's README in Chinese", async () => {
    const report = validatePackage(await read("tushare"), { strict: true });
    expect(report.package?.readmes?.["zh-CN"]).toMatch(/^# Tushare Pro 金融数据/);
  });

  it("flags tushare's token in the URL, and only there", async () => {
    const flagged = await Promise.all(
      SAMPLES.map(async (name) =>
        validatePackage(await read(name), { strict: true })
          .problems.filter((p) => p.code === "template.secret-in-url")
          .map((p) => `${name} ${p.file} ${p.path}`),
      ),
    );
    expect(flagged.flat()).toEqual(["tushare mcp.json /mcpServers/tushare/url"]);
  });

  it("covers every feature the samples must exercise", async () => {
    const all = await Promise.all(SAMPLES.map(async (name) => ({ name, files: await read(name) })));
    const servers = all.flatMap(({ name, files }) =>
      Object.values<any>(jsonOf(files, "mcp.json").mcpServers).map((server) => ({
        name,
        server,
        secrets: Object.entries<any>(
          files.has("token-schema.json") ? jsonOf(files, "token-schema.json").properties : {},
        )
          .filter(([, p]) => p.secret === true)
          .map(([key]) => `\${${key}}`),
        files,
      })),
    );
    const names = (pick: (s: (typeof servers)[number]) => boolean): string[] =>
      servers.filter(pick).map((s) => s.name);

    expect(names((s) => s.secrets.some((t) => String(s.server.url).includes(t)))).toContain("tushare");
    expect(names((s) => s.secrets.some((t) => s.server.headers?.Authorization === `Bearer ${t}`))).toContain(
      "github",
    );
    expect(names((s) => s.server.url !== undefined && !s.files.has("token-schema.json"))).toContain("tdx");
    expect(
      names(
        (s) =>
          s.server.command === "node" &&
          s.server.args?.[0] === "${PLUGIN_ROOT}/server/index.js" &&
          s.files.has("server/index.js"),
      ),
    ).toEqual(["weather"]);
    expect(names((s) => s.server.command === "npx")).toEqual(["brave-search", "filesystem"]);
    expect(names((s) => s.secrets.some((t) => Object.values(s.server.env ?? {}).includes(t)))).toContain(
      "brave-search",
    );
    expect(names((s) => String(s.server.cwd ?? "").includes("${"))).toContain("brave-search");
    // Issue 16: a hosted server that signs in with OAuth, with no key to paste.
    expect(names((s) => s.server.oauth !== undefined && !s.files.has("token-schema.json"))).toEqual([
      "linear",
    ]);
    const withSkills = all.filter(({ files }) => [...files.keys()].some((f) => f.startsWith("skills/")));
    expect(withSkills.length).toBeGreaterThanOrEqual(2);
  });
});

describe("the sample rules can fail", () => {
  it("reports an undeclared template, a template in command, an unused key and a bad skill", async () => {
    let files = await read("tushare");
    const mcp = jsonOf(files, "mcp.json");
    mcp.mcpServers.tushare.url += "&x=${UNDECLARED}";
    files = withFile(files, "mcp.json", mcp);
    const schema = jsonOf(files, "token-schema.json");
    schema.properties.UNUSED_KEY = { type: "string" };
    files = withFile(files, "token-schema.json", schema);
    files = withFile(
      files,
      "skills/daily-quotes/SKILL.md",
      "---\nname: other\ndescription: x\n---\n" + "body ".repeat(60),
    );
    const problems = checkSample("tushare", files);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("${UNDECLARED} is not declared"),
        expect.stringContaining("UNUSED_KEY is never used"),
        expect.stringContaining("name other differs from folder daily-quotes"),
      ]),
    );

    const stdio = withFile(await read("weather"), "mcp.json", {
      mcpServers: { weather: { command: "${WEATHER_UNITS}/node", args: [] } },
    });
    expect(checkSample("weather", stdio)).toContainEqual(
      expect.stringContaining("command uses ${WEATHER_UNITS}"),
    );
  });

  it("reports missing front matter, unknown manifest keys, a bad category and invalid JSON", async () => {
    let files = await read("weather");
    files = withFile(files, "skills/weather-briefing/SKILL.md", "# no front matter\n");
    files = withFile(files, "plugin.json", {
      ...jsonOf(files, "plugin.json"),
      categories: ["weather", "nope"],
      extra: 1,
    });
    const problems = checkSample("weather", files);
    expect(problems).toContainEqual(expect.stringContaining("SKILL.md: no YAML front matter"));
    expect(problems).toContainEqual(expect.stringContaining("plugin.json/categories/1"));
    expect(problems).toContainEqual(expect.stringContaining("must NOT have additional properties"));
    expect(checkSample("weather", withFile(files, "mcp.json", "{ nope"))).toContainEqual(
      expect.stringContaining("mcp.json: invalid JSON"),
    );
  });
});

// Each credential pattern accepts a real-looking value and rejects near misses, so users hear about a
// mistyped token at install time, not as a 401 from the vendor later.
describe("sample credentials", () => {
  const ajv = designAjv();
  const cases: Array<[sample: string, values: Record<string, unknown>, ok: boolean]> = [
    ["tushare", { TUSHARE_TOKEN: SAMPLE_VALUES.TUSHARE_TOKEN }, true],
    ["tushare", { TUSHARE_TOKEN: SAMPLE_VALUES.TUSHARE_TOKEN!.toUpperCase() }, false],
    ["tushare", { TUSHARE_TOKEN: SAMPLE_VALUES.TUSHARE_TOKEN!.slice(1) }, false],
    ["tushare", {}, false],
    ["github", { GITHUB_PAT: SAMPLE_VALUES.GITHUB_PAT }, true],
    [
      "github",
      { GITHUB_PAT: "github_pat_" + "A".repeat(22) + "_" + "b".repeat(59), GITHUB_READONLY: false },
      true,
    ],
    ["github", { GITHUB_PAT: "gho_" + "A".repeat(36) }, false],
    ["github", { GITHUB_PAT: SAMPLE_VALUES.GITHUB_PAT, GITHUB_TOOLSETS: "repos, issues" }, false],
    ["github", { GITHUB_PAT: SAMPLE_VALUES.GITHUB_PAT, GITHUB_READONLY: "yes" }, false],
    ["weather", {}, true],
    ["weather", { WEATHER_UNITS: "imperial" }, true],
    ["weather", { WEATHER_UNITS: "kelvin" }, false],
    ["weather", { OTHER: "x" }, false],
    ["filesystem", { ALLOWED_DIR: "/home/me/notes" }, true],
    ["filesystem", { ALLOWED_DIR: "C:\\Users\\me\\notes" }, true],
    ["filesystem", { ALLOWED_DIR: "notes/relative" }, false],
    ["brave-search", { BRAVE_API_KEY: SAMPLE_VALUES.BRAVE_API_KEY }, true],
    ["brave-search", { BRAVE_API_KEY: "has spaces in it, not a key" }, false],
  ];
  it.each(cases)("%s accepts %j: %s", async (sample, values, ok) => {
    const validate = ajv.compile(jsonOf(await read(sample), "token-schema.json"));
    expect(validate(values)).toBe(ok);
  });
});
