import fs from "node:fs";
import path from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { validatePackage } from "../../src/core/package/validate-package.js";
import type { VersionSource } from "../../src/core/official/server-json.js";
import type { PackageFiles } from "../../src/core/types.js";
import { versionContent } from "../../src/registry/documents.js";
import { ROOT } from "./cli.js";

/** The official server.json schema (2025-12-11), vendored verbatim in schemas/vendor/. */
export const SERVER_SCHEMA = JSON.parse(
  fs.readFileSync(path.join(ROOT, "schemas/vendor/server.schema.2025-12-11.json"), "utf8"),
) as Record<string, unknown>;

// Draft-07 (the file's $schema). Not strict: the schema carries OpenAPI's `example` keyword.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const check = ajv.compile(SERVER_SCHEMA);

/** The schema's errors for one server.json (an empty list when it is valid). */
export function schemaErrors(server: unknown): ErrorObject[] {
  return check(server) ? [] : [...(check.errors ?? [])];
}

/** A version document's source parts for a package's files, as the registry stores them. */
export function versionSource(files: PackageFiles, extra: Partial<VersionSource> = {}): VersionSource {
  const report = validatePackage(files);
  if (!report.ok || !report.package)
    throw new Error(
      `invalid package: ${JSON.stringify(report.problems.filter((p) => p.severity === "error"))}`,
    );
  const content = versionContent(report.package);
  return {
    version: content.manifest.version,
    publishedAt: "2026-01-01T00:00:00.000Z",
    yanked: false,
    ...content,
    dist: {
      tarball: "https://registry.example/t.tgz",
      integrity: "sha512-x",
      sha256: "0".repeat(64),
      size: 1,
    },
    ...extra,
  };
}
