import fs from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { FakeRegistry, packageFiles, startFakeRegistry } from "./install-fixtures.js";

// Issue 31 #1: the consent shows, records and compares grants with their credentials' defaults filled
// and cleaned, so a default of "../../.." is refused and an update that only changes a default asks again.

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const installed = async () => JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));

function pkg(version: string, grant: string, defaults: Record<string, string>) {
  const files = packageFiles(
    {
      name: "notes",
      version,
      permissions: { network: "none", filesystem: [{ path: grant, access: "read" }] },
    },
    {
      "mcp.json": { mcpServers: { notes: { command: "node", args: ["${PLUGIN_ROOT}/server.js"] } } },
      "server.js": "console.log('notes');\n",
    },
  );
  const properties = Object.fromEntries(
    Object.entries(defaults).map(([k, d]) => [k, { type: "string", default: d }]),
  );
  files.set("token-schema.json", new TextEncoder().encode(JSON.stringify({ type: "object", properties })));
  return files;
}

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

describe("grant paths from credential defaults", () => {
  it("refuses a default that climbs out of its folder, installing nothing", async () => {
    await reg.publish(pkg("1.0.0", "${PLUGIN_ROOT}/${SUB}", { SUB: "../../../../../.." }));
    const r = await run("install", "notes", "--yes", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("install.permissions.invalid");
    await expect(fs.readFile(homePaths(home).installed, "utf8")).rejects.toThrow();
  });

  it("records the default; an update that only changes it asks again, and shows it", async () => {
    await reg.publish(pkg("1.0.0", "${DATA}", { DATA: "/srv/notes" }));
    const first = await run("install", "notes");
    expect(first.code).toBe(1);
    expect(first.stderr).toContain("files: read /srv/notes");
    expect((await run("install", "notes", "--yes")).code).toBe(0);
    expect((await installed())["notes@default"].permissions.filesystem).toEqual([
      { path: "/srv/notes", access: "read" },
    ]);
    await reg.publish(pkg("1.1.0", "${DATA}", { DATA: "/srv" }));
    const refused = await run("update", "notes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("asks for more than you accepted");
    expect(refused.stderr).toContain("files: read /srv\n");
    expect((await installed())["notes@default"].version).toBe("1.0.0");
    expect((await run("update", "notes", "--yes")).code).toBe(0);
    expect((await installed())["notes@default"].permissions.filesystem).toEqual([
      { path: "/srv", access: "read" },
    ]);
  });

  it("an update adding ${HOME}/notes/${SUB} with SUB = ../.ssh inside an accepted ${HOME}/notes is refused", async () => {
    await reg.publish(pkg("1.0.0", "${HOME}/notes", {}));
    expect((await run("install", "notes", "--yes")).code).toBe(0);
    await reg.publish(pkg("1.1.0", "${HOME}/notes/${SUB}", { SUB: "../.ssh" }));
    const r = await run("update", "notes", "--yes", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("install.permissions.invalid");
    expect((await installed())["notes@default"].version).toBe("1.0.0");
  });

  it("a narrower default asks nothing about permissions (the defended case)", async () => {
    await reg.publish(pkg("1.0.0", "${DATA}", { DATA: "/srv" }));
    expect((await run("install", "notes", "--yes")).code).toBe(0);
    await reg.publish(pkg("1.1.0", "${DATA}", { DATA: "/srv/notes" }));
    const r = await run("update", "notes", "--yes");
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain("asks for more");
  });
});
