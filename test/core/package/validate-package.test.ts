import { describe, expect, it } from "vitest";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import { found, manifest, mcp, tokenSchema, validFiles, withFiles } from "./fixtures.js";

describe("validatePackage", () => {
  it("accepts a full valid package with zero problems, even when strict", () => {
    const report = validatePackage(validFiles(), { strict: true });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    const pkg = report.package!;
    expect(pkg.manifest.name).toBe("acme-quotes");
    expect(pkg.manifest).not.toHaveProperty("$schema");
    expect(Object.keys(pkg.servers)).toEqual(["acme-remote", "acme-local"]);
    expect(Object.keys(pkg.tokenSchema!.properties)).toHaveLength(4);
    expect(pkg.skills.map((s) => s.name)).toEqual(["daily-quotes"]);
    expect(pkg.skills[0]!.body).toContain("# Daily quotes");
    expect(pkg.readme).toContain("Acme Quotes");
    expect(pkg.icon).toEqual({ path: "icon.svg", mediaType: "image/svg+xml" });
  });

  it.each([
    ["plugin.json", "manifest.file.missing plugin.json"],
    ["mcp.json", "mcp.file.missing mcp.json"],
  ])("reports a missing %s", (file, expected) => {
    const report = validatePackage(withFiles({ [file]: undefined }));
    expect(report.ok).toBe(false);
    expect(found(report.problems)).toContain(expected);
  });

  it("needs no token-schema.json when no server uses credentials", () => {
    const files = withFiles({
      "token-schema.json": undefined,
      "mcp.json": { mcpServers: { tdx: { type: "streamable-http", url: "https://mcp.tdx.example/mcp" } } },
    });
    const report = validatePackage(files, { strict: true });
    expect(report.problems).toEqual([]);
    expect(report.package?.tokenSchema).toBeUndefined();
  });

  it("reports templates as undeclared when token-schema.json is missing", () => {
    const report = validatePackage(withFiles({ "token-schema.json": undefined }));
    expect(report.ok).toBe(false);
    const undeclared = report.problems.filter((p) => p.code === "template.undeclared");
    expect(undeclared.map((p) => p.path)).toContain("/mcpServers/acme-remote/headers/Authorization");
    expect(undeclared[0]!.message).toContain("no token-schema.json");
  });

  it.each(["plugin.json", "mcp.json", "token-schema.json"])(
    "reports invalid JSON in %s with line and column",
    (file) => {
      const report = validatePackage(withFiles({ [file]: '{\n  "name": "x",\n}' }));
      const problem = report.problems.find((p) => p.code.endsWith(".json.invalid"));
      expect(problem).toMatchObject({ file, severity: "error", path: "" });
      expect(problem!.message).toMatch(/line 3, column 1/);
      expect(report.ok).toBe(false);
    },
  );

  it("reports a file that is not UTF-8", () => {
    const report = validatePackage(withFiles({ "plugin.json": new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }));
    expect(found(report.problems)).toContain("manifest.encoding.invalid plugin.json");
  });

  it("reports every problem of every file at once", () => {
    const files = withFiles({
      "plugin.json": { ...manifest, name: "Bad Name", version: "v1", description: "x".repeat(301) },
      "mcp.json": { mcpServers: { a: { command: "${ACME_TOKEN}/bin" } } },
      "token-schema.json": {
        ...tokenSchema,
        properties: { ...tokenSchema.properties, lower: { type: "string" } },
      },
      "skills/daily-quotes/SKILL.md": "no front matter",
    });
    const codes = new Set(validatePackage(files).problems.map((p) => p.code));
    expect(codes).toEqual(
      new Set([
        "manifest.name.invalid",
        "manifest.version.invalid",
        "manifest.description.too-long",
        "token-schema.property.key.invalid",
        "skill.front-matter.missing",
        "template.command",
      ]),
    );
  });

  it("checks templates once token-schema.json is sound", () => {
    const files = withFiles({ "mcp.json": { mcpServers: { a: { command: "${ACME_TOKEN}/bin" } } } });
    const report = validatePackage(files);
    expect(found(report.problems)).toEqual(
      expect.arrayContaining(["template.command mcp.json/mcpServers/a/command"]),
    );
  });

  it("turns warnings into failures when strict", () => {
    const files = withFiles({ "plugin.json": { ...manifest, author: "Acme" } });
    const loose = validatePackage(files);
    expect(found(loose.problems)).toEqual(["manifest.key.unknown plugin.json/author"]);
    expect(loose.problems[0]!.severity).toBe("warning");
    expect(loose.ok).toBe(true);
    expect(validatePackage(files, { strict: true }).ok).toBe(false);
  });

  it("flags a secret in a URL but still passes strict (docs/package-format.md allows it)", () => {
    const files = withFiles({
      "mcp.json": {
        mcpServers: { t: { type: "streamable-http", url: "https://api.example/mcp?token=${TOKEN}" } },
      },
      "token-schema.json": {
        type: "object",
        properties: { TOKEN: { type: "string", title: "Token", secret: true } },
        required: ["TOKEN"],
      },
    });
    const report = validatePackage(files, { strict: true });
    expect(found(report.problems)).toEqual(["template.secret-in-url mcp.json/mcpServers/t/url"]);
    expect(report.ok).toBe(true);
  });

  it("fails an empty server set in a package without skills", () => {
    const noSkills = new Map([...validFiles()].filter(([path]) => !path.startsWith("skills/")));
    const report = validatePackage(
      withFiles({ "mcp.json": { mcpServers: {} }, "token-schema.json": undefined }, noSkills),
    );
    expect(found(report.problems)).toEqual(["mcp.servers.empty mcp.json"]);
  });

  it("accepts a skills-only package: no servers, at least one skill", () => {
    const report = validatePackage(
      withFiles({ "mcp.json": { mcpServers: {} }, "token-schema.json": undefined }),
      { strict: true },
    );
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.package?.skills.map((s) => s.name)).toEqual(["daily-quotes"]);
    expect(report.package?.servers).toEqual({});
  });

  it("accepts a listing-only package (plugin.json listingOnly) with no servers and no skills", () => {
    const noSkills = new Map([...validFiles()].filter(([path]) => !path.startsWith("skills/")));
    const listed = { ...manifest, listingOnly: { reason: "it lists no package and no remote" } };
    const ok = validatePackage(
      withFiles(
        { "plugin.json": listed, "mcp.json": { mcpServers: {} }, "token-schema.json": undefined },
        noSkills,
      ),
      { strict: true },
    );
    expect(ok.problems).toEqual([]);
    expect(ok.package?.manifest.listingOnly).toEqual({ reason: "it lists no package and no remote" });
    // With a server it is no longer listing-only: an error, not a package that installs.
    expect(found(validatePackage(withFiles({ "plugin.json": listed })).problems)).toEqual([
      "manifest.listingOnly.servers mcp.json",
    ]);
    const broken = { ...listed, listingOnly: { reason: "two\nlines" } };
    expect(
      found(
        validatePackage(
          withFiles(
            { "plugin.json": broken, "mcp.json": { mcpServers: {} }, "token-schema.json": undefined },
            noSkills,
          ),
        ).problems,
      ),
    ).toContain("manifest.listingOnly.reason.control plugin.json/listingOnly/reason");
  });

  it("keeps a package for display when the manifest is readable but other files fail", () => {
    const report = validatePackage(withFiles({ "token-schema.json": "[]" }));
    expect(report.ok).toBe(false);
    expect(report.package?.manifest.name).toBe("acme-quotes");
    expect(report.package?.tokenSchema).toBeUndefined();
  });

  it("omits the package when plugin.json is unusable", () => {
    expect(validatePackage(withFiles({ "plugin.json": { name: 1 } })).package).toBeUndefined();
  });

  it("applies the file-map limits", () => {
    const files = withFiles({ "server/a.txt": "x", "server/A.txt": "y" });
    expect(found(validatePackage(files).problems)).toEqual(["limits.name.collision server/a.txt"]);
  });

  it("uses the flat mcp.json shape with root-level paths", () => {
    const flat = { ...mcp.mcpServers, bad: { command: "node", args: ["${NOPE}"] } };
    const report = validatePackage(withFiles({ "mcp.json": flat }));
    expect(found(report.problems)).toEqual(["template.undeclared mcp.json/bad/args/0"]);
  });

  it("reads README.md only as UTF-8", () => {
    const report = validatePackage(withFiles({ "README.md": new Uint8Array([0xc3, 0x28]) }));
    expect(found(report.problems)).toEqual(["readme.encoding.invalid README.md"]);
  });

  describe("hostile input", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);

    it("refuses 100,000-deep JSON nesting before reading it (the shared depth limit), without overflowing", () => {
      const text = JSON.stringify(manifest).replace(/}$/, `,"keywords":${deep}}`);
      const report = validatePackage(withFiles({ "plugin.json": text }));
      // 200 KB of brackets is also over the 64 KiB a JSON file may carry (display-limits.ts).
      expect(found(report.problems)).toEqual([
        "manifest.file.too-large plugin.json",
        "manifest.json.invalid plugin.json",
      ]);
    });

    it("keeps __proto__ and constructor from becoming servers or prototypes", () => {
      const text = '{"mcpServers":{"__proto__":{"command":"evil"},"constructor":{"command":"node"}}}';
      const report = validatePackage(withFiles({ "mcp.json": text, "token-schema.json": undefined }));
      expect(found(report.problems)).toEqual(["mcp.server.name.invalid mcp.json/mcpServers/__proto__"]);
      expect(Object.getPrototypeOf(report.package!.servers)).toBe(Object.prototype);
      expect(Object.keys(report.package!.servers)).toEqual(["constructor"]);
    });

    it("reports each of 5,000 bad servers", () => {
      const servers = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`s${i}`, { command: i }]));
      const report = validatePackage(withFiles({ "mcp.json": { mcpServers: servers } }));
      expect(report.problems.filter((p) => p.code === "mcp.server.command.type")).toHaveLength(5000);
    });
  });
});
