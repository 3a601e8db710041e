import fs from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { checkLock, EMPTY_LOCK, lockDisagreements, serializeLock } from "../../../src/core/project/lock.js";
import { checkManifest } from "../../../src/core/project/manifest.js";
import { ROOT } from "../../helpers/cli.js";

// connectory.json's check (src/core/project/manifest.ts) and its JSON Schema agree on every case; each
// refusal names the place and the problem.

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "schemas/connectory-project.schema.json"), "utf8"));
const validate = new Ajv2020({ strict: false }).compile(schema);

const ok: unknown[] = [
  {},
  { connectors: {}, hosts: [] },
  {
    $schema: "x",
    connectors: { alpha: "^1.2.0", beta: "latest", gamma: "1.0.0" },
    hosts: ["claude-code", "cursor"],
  },
  {
    connectors: { alpha: { version: "~2.0", marketplace: "team" } },
    marketplaces: { team: "https://r.example.com" },
  },
  {
    connectors: { notes: "^1.0.0" },
    guards: { notes: "block", alpha: { secrets: "mask", injection: "block" } },
    profiles: { review: { members: ["notes", "alpha@team"], guards: { notes: "warn" } } },
    grants: { notes: [{ path: "data" }, { path: "docs/specs", access: "read-write" }, { path: "." }] },
  },
];

// The last field: the schema can tell too (semver grammar and a marketplace's declaration are beyond it).
const bad: Array<[string, unknown, string, boolean?]> = [
  ["an unknown top-level key", { connector: {} }, 'unknown key "connector"'],
  [
    "an unknown key in an entry",
    { connectors: { a: { version: "1.0.0", registry: "x" } } },
    'unknown key "registry"',
  ],
  ["a range that is not semver", { connectors: { a: "one" } }, "must be a semver range", false],
  ["a huge range", { connectors: { a: "^1.0.0 || ".repeat(200) + "^2" } }, "longer than 128"],
  ["a name that could be a path", { connectors: { "../etc": "1.0.0" } }, "is not a connector name"],
  [
    "an undeclared marketplace",
    { connectors: { a: { version: "1", marketplace: "team" } } },
    "is not declared",
    false,
  ],
  [
    "a marketplace URL that is not http(s)",
    { marketplaces: { team: "file:///etc/passwd" } },
    "must be an http(s) URL",
  ],
  [
    "a marketplace URL with a password",
    { marketplaces: { team: "https://u:p@r.example.com" } },
    "must be an http(s) URL",
  ],
  [
    "a marketplace named default",
    { marketplaces: { default: "https://r.example.com" } },
    "each user's own default",
  ],
  ["an unknown host", { hosts: ["notepad"] }, '"notepad" is not a known host'],
  ["a host twice", { hosts: ["cursor", "cursor"] }, "listed twice"],
  ["not an object", [1, 2], "one JSON object"],
  ["an unknown key in tool rules", { tools: { alpha: { hide: ["x"] } } }, 'unknown key "hide"'],
  ["an empty tool pattern", { tools: { alpha: { deny: [""] } } }, "is empty"],
  [
    "tool rules for a name no server could have",
    { tools: { "../x": { deny: ["a"] } } },
    "is not a server name",
  ],
  ["an unknown guard mode", { guards: { alpha: "shred" } }, '"shred" is not a guard mode'],
  ["an unknown guard kind", { guards: { alpha: { telepathy: "off" } } }, 'unknown guard kind "telepathy"'],
  [
    "a profile name that is not a name",
    { profiles: { "Bad Name": { members: ["a"] } } },
    "is not a profile name",
  ],
  ["a profile named default", { profiles: { default: { members: ["a"] } } }, "every active server"],
  ["a profile without members", { profiles: { p: { members: [] } } }, "non-empty list"],
  [
    "a guard mode in a profile",
    { profiles: { p: { members: ["a"], guards: { a: "loud" } } } },
    '"loud" is not a guard mode',
  ],
  [
    "a grant with ..",
    { connectors: { a: "1.0.0" }, grants: { a: [{ path: "data/../../x" }] } },
    'contains ".."',
  ],
  [
    "an absolute grant",
    { connectors: { a: "1.0.0" }, grants: { a: [{ path: "/etc" }] } },
    "outside the project",
  ],
  [
    "a grant to the home",
    { connectors: { a: "1.0.0" }, grants: { a: [{ path: "~/.ssh" }] } },
    "outside the project",
  ],
  [
    "a grant through a template",
    { connectors: { a: "1.0.0" }, grants: { a: [{ path: "${HOME}" }] } },
    "outside the project",
  ],
  [
    "an unknown access",
    { connectors: { a: "1.0.0" }, grants: { a: [{ path: "d", access: "all" }] } },
    '"read" or "read-write"',
  ],
  [
    "a grant for a connector not listed",
    { grants: { a: [{ path: "d" }] } },
    "not one of the project's connectors",
    false,
  ],
];

describe("checkManifest", () => {
  it.each(ok.map((m) => [JSON.stringify(m), m]))("accepts %s, as the schema does", (_, m) => {
    expect(() => checkManifest(m)).not.toThrow();
    expect(validate(m)).toBe(true);
  });

  it.each(bad)(
    "refuses %s, naming the problem (and the schema agrees where it can tell)",
    (_, m, words, schemaToo = true) => {
      expect(() => checkManifest(m)).toThrow(words);
      if (schemaToo) expect(validate(m)).toBe(false);
    },
  );

  it("collects every problem with its JSON Pointer", () => {
    try {
      checkManifest({ extra: 1, connectors: { A: "1", b: "nope" } });
      expect.unreachable();
    } catch (error) {
      const e = error as { code: string; problems: Array<{ path: string }> };
      expect(e.code).toBe("project.manifest.invalid");
      expect(e.problems.map((p) => p.path)).toEqual(["/extra", "/connectors/A", "/connectors/b"]);
    }
  });
});

describe("the lock", () => {
  const entry = {
    marketplace: "default",
    url: "http://registry.test",
    range: "^1.0.0",
    version: "1.0.0",
    integrity: `sha512-${"A".repeat(86)}==`,
    permissions: "unrestricted" as const,
    credentials: { required: ["K"], optional: [] },
    servers: ["alpha"],
  };

  it("serializes the same bytes whatever the order it was built in, and reads them back", () => {
    const one = serializeLock({ ...EMPTY_LOCK, connectors: { b: entry, a: entry }, hosts: ["cursor"] });
    const two = serializeLock({ ...EMPTY_LOCK, connectors: { a: entry, b: entry }, hosts: ["cursor"] });
    expect(one).toBe(two);
    expect(serializeLock(checkLock(JSON.parse(one)))).toBe(one);
  });

  it("refuses a damaged entry, naming it", () => {
    const lock = { ...EMPTY_LOCK, connectors: { alpha: { ...entry, integrity: "sha1-x" } } };
    expect(() => checkLock(lock)).toThrow('"alpha" has an "integrity" that is not sha512-<base64>');
    expect(() => checkLock({ ...lock, lockfileVersion: 2 })).toThrow("not a version 1 lock file");
  });

  it("lists where the manifest and the lock disagree", () => {
    const lock = { ...EMPTY_LOCK, connectors: { alpha: entry, old: entry }, hosts: [] };
    const manifest = checkManifest({ connectors: { alpha: "^2.0.0", beta: "1.0.0" }, hosts: ["cursor"] });
    expect(lockDisagreements(manifest, lock).map((d) => d.message)).toEqual([
      "alpha: the manifest asks for ^2.0.0, the lock was resolved from ^1.0.0",
      "beta is in connectory.json but not in the lock",
      "old is in the lock but no longer in connectory.json",
      "the hosts differ: cursor in connectory.json, none in the lock",
    ]);
    expect(
      lockDisagreements(checkManifest({ connectors: { alpha: "^1.0.0", old: "^1.0.0" } }), lock),
    ).toEqual([]);
  });
});
