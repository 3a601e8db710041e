import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_CHOICES } from "../../../cli/hosts/host-choices.js";
import { hostPathCandidates, type PathWorld } from "../../../cli/hosts/host-paths.js";
import { HOST_IDS, HOST_TABLE, HOSTS, getHost } from "../../../src/core/hosts/index.js";
import { SKILL_FOLDERS, skillFolderOf } from "../../../src/core/hosts/skill-folders.js";
import { ROOT } from "../../helpers/cli.js";

// Issue 30: a host is one adapter file plus one row of HOST_TABLE. Everything that lists hosts reads the
// table; these cases fail when a list drifts from it or an adapter lacks what the lists need.

const worlds: PathWorld[] = [
  { platform: "darwin", env: {}, homedir: "/Users/me", cwd: "/Users/me/app" },
  { platform: "linux", env: {}, homedir: "/home/me", cwd: "/home/me/app" },
  { platform: "win32", env: {}, homedir: "C:\\Users\\me", cwd: "C:\\src\\app" },
];

describe("the host table", () => {
  it("has unique ids, and HOST_IDS and HOSTS are the table", () => {
    const ids = HOST_TABLE.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(HOST_IDS).toEqual(ids);
    expect(Object.keys(HOSTS)).toEqual(ids);
    for (const adapter of HOST_TABLE) expect(getHost(adapter.id)).toBe(adapter);
  });

  it.each(HOST_TABLE.map((a) => [a.id, a] as const))(
    "%s: a host with a document has a file on every OS, an import-only host none",
    (_id, adapter) => {
      for (const w of worlds) {
        const files = [
          ...hostPathCandidates(adapter.id, "user", w),
          ...hostPathCandidates(adapter.id, "project", w),
        ];
        if (adapter.document) {
          expect(files.length, w.platform).toBeGreaterThan(0);
          for (const file of files)
            expect(path[w.platform === "win32" ? "win32" : "posix"].isAbsolute(file)).toBe(true);
        } else expect(files).toEqual([]);
      }
    },
  );

  it("the --host choices are the hosts with a file, in table order", () => {
    expect(HOST_CHOICES).toEqual(HOST_TABLE.filter((a) => a.document !== undefined).map((a) => a.id));
    expect(HOST_CHOICES).not.toContain("cherry-studio");
  });

  it("the skills folders are the adapters' own", () => {
    const withSkills = HOST_TABLE.filter((a) => a.skills);
    expect(Object.keys(SKILL_FOLDERS)).toEqual(withSkills.map((a) => a.id));
    for (const adapter of HOST_TABLE) {
      expect(SKILL_FOLDERS[adapter.id]).toBe(adapter.skills);
      expect(skillFolderOf(adapter.id, "user")).toBe(adapter.skills?.user);
    }
  });

  it("the project schema's hosts and docs/hosts.md's table name every host", () => {
    const schema = JSON.parse(
      fs.readFileSync(path.join(ROOT, "schemas/connectory-project.schema.json"), "utf8"),
    );
    expect(schema.properties.hosts.items.enum).toEqual([...HOST_IDS]);
    const doc = fs.readFileSync(path.join(ROOT, "docs/hosts.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `([a-z-]+)` +\| /gm)].map((m) => m[1]);
    expect(HOST_IDS.filter((id) => !rows.includes(id))).toEqual([]);
  });
});
