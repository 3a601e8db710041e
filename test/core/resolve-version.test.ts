import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { listVersions, resolveVersion } from "../../src/core/resolve-version.js";
import type { ReceivedConnectorDocument, ReceivedVersionSummary } from "../../src/core/api/documents.js";

function doc(
  versions: Record<string, Partial<ReceivedVersionSummary>>,
  distTags: Record<string, string> = {},
): ReceivedConnectorDocument {
  const all: Record<string, ReceivedVersionSummary> = {};
  for (const [v, e] of Object.entries(versions)) {
    all[v] = {
      version: v,
      yanked: false,
      dist: { tarball: `http://r/${v}.tgz`, integrity: "sha512-x" },
      ...e,
    };
  }
  return { name: "demo", distTags, versions: all };
}

const sample = doc(
  {
    "1.0.0": {},
    "1.1.0": {},
    "1.2.0": { yanked: true },
    "1.3.0-beta.1": {},
    "2.0.0": { deprecated: "use 2.0.1" },
    "2.0.1": { yanked: true },
    "3.0.0-rc.1": {},
  },
  { latest: "2.0.0", next: "3.0.0-rc.1", old: "1.2.0" },
);

function errorOf(fn: () => unknown): { code: string; message: string; hint: string | undefined } {
  try {
    fn();
  } catch (error) {
    if (isConnectoryError(error)) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error("expected an error");
}

describe("resolveVersion", () => {
  it.each([
    ["", "2.0.0", "tag"],
    ["latest", "2.0.0", "tag"],
    ["next", "3.0.0-rc.1", "tag"],
    ["^1", "1.1.0", "range"],
    ["1.x", "1.1.0", "range"],
    [">=1 <3", "2.0.0", "range"],
    ["^1.3.0-beta.0", "1.3.0-beta.1", "range"],
    ["1.0.0", "1.0.0", "exact"],
    ["v1.1.0", "1.1.0", "exact"],
    ["3.0.0-rc.1", "3.0.0-rc.1", "exact"],
    ["*", "2.0.0", "range"],
  ])("%j → %s", (spec, version, kind) => {
    const r = resolveVersion(sample, spec);
    expect(r.version).toBe(version);
    expect(r.kind).toBe(kind);
  });

  it("ranges never pick a yanked version, even when it is the newest match", () => {
    expect(resolveVersion(sample, "^2").version).toBe("2.0.0");
    // ~1.2 matches only 1.2.x: 1.2.0 is yanked and 1.3.0-beta.1 is outside, so nothing fits.
    expect(errorOf(() => resolveVersion(sample, "~1.2")).code).toBe("version.not-found");
    expect(errorOf(() => resolveVersion(sample, ">=1.2.0 <1.3.0-0")).code).toBe("version.not-found");
  });

  it("an exact pin installs a yanked version, flagged for a warning", () => {
    const r = resolveVersion(sample, "1.2.0");
    expect(r).toMatchObject({ version: "1.2.0", yanked: true, kind: "exact" });
  });

  it("a deprecated version is picked but carries its message", () => {
    expect(resolveVersion(sample, "latest").deprecated).toBe("use 2.0.1");
  });

  it("prereleases only when the range names one or they are asked for", () => {
    expect(resolveVersion(sample, ">=2.0.0").version).toBe("2.0.0");
    expect(resolveVersion(sample, ">=2.0.0", { prerelease: true }).version).toBe("3.0.0-rc.1");
  });

  it("latest pointing at a yanked version falls back to the newest stable, unyanked one", () => {
    const d = doc({ "1.0.0": {}, "1.1.0": {}, "2.0.0": { yanked: true } }, { latest: "2.0.0" });
    expect(resolveVersion(d, "latest").version).toBe("1.1.0");
    expect(resolveVersion(doc({ "0.1.0": {}, "0.2.0": {} }), "").version).toBe("0.2.0");
  });

  it("with only prereleases (an import), latest and a bare name pick the newest not yanked, as npm", () => {
    // The real cases of issue 32: a Docker catalog entry and an official seed entry, no distTags.
    const docker = doc({ "0.0.0-docker.20261201.g23fa0dd1a821": {}, "0.0.0-docker.20260101.gaaaa": {} });
    expect(resolveVersion(docker, "").version).toBe("0.0.0-docker.20261201.g23fa0dd1a821");
    expect(resolveVersion(docker, "latest").kind).toBe("tag");
    const seed = doc({ "0.0.1-seed": {}, "0.0.2-seed": { yanked: true } });
    expect(resolveVersion(seed, "latest").version).toBe("0.0.1-seed");
    // A tag left pointing at a yanked prerelease falls back the same way.
    expect(resolveVersion(doc(seed.versions, { latest: "0.0.2-seed" }), "latest").version).toBe("0.0.1-seed");
    // Ranges stay strict: `^1` names no prerelease.
    expect(errorOf(() => resolveVersion(seed, "^1")).code).toBe("version.not-found");
    // Every version yanked: still nothing installable.
    const gone = errorOf(() => resolveVersion(doc({ "0.0.1-seed": { yanked: true } }), "latest"));
    expect(gone.code).toBe("version.not-found");
  });

  it("another tag pointing at a yanked version is refused with a hint to pin it", () => {
    const e = errorOf(() => resolveVersion(sample, "old"));
    expect(e.code).toBe("version.tag.yanked");
    expect(e.hint).toContain("pin an exact version");
  });

  it("errors list the available versions with their marks", () => {
    const missing = errorOf(() => resolveVersion(sample, "9.9.9"));
    expect(missing.code).toBe("version.not-found");
    expect(missing.message).toBe("demo has no version 9.9.9");
    expect(missing.hint).toBe(
      "available versions: 3.0.0-rc.1, 2.0.1 (yanked), 2.0.0 (deprecated), 1.3.0-beta.1, 1.2.0 (yanked), 1.1.0, 1.0.0",
    );
    expect(errorOf(() => resolveVersion(sample, "^7")).message).toBe('demo has no version matching "^7"');
    const tag = errorOf(() => resolveVersion(sample, "beta"));
    expect(tag.code).toBe("version.tag.unknown");
    expect(tag.hint).toContain("tags: latest, next, old");
  });

  it("nothing installable at all says so", () => {
    const d = doc({ "1.0.0": { yanked: true } });
    expect(errorOf(() => resolveVersion(d, "")).message).toBe("demo has no installable version");
    expect(listVersions(doc({}))).toBe("(none published)");
  });

  it.each(["@@@", "1.2.3 || <<", "$(rm -rf /)", "x".repeat(300) + " y"])(
    "a malformed spec %j is a usage error",
    (spec) => {
      expect(errorOf(() => resolveVersion(sample, spec)).code).toBe("version.spec.invalid");
    },
  );

  it("ignores keys that are not versions and inherited properties", () => {
    const d = doc({ "1.0.0": {}, banana: {} }, {});
    expect(resolveVersion(d, "*").version).toBe("1.0.0");
    expect(errorOf(() => resolveVersion(d, "constructor")).code).toBe("version.tag.unknown");
    expect(errorOf(() => resolveVersion(d, "toString")).code).toBe("version.tag.unknown");
  });
});
