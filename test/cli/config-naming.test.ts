import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { entriesAt, parseHostDocument } from "../../src/core/hosts/document.js";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";
import { FakeRegistry, packageFiles, startFakeRegistry } from "./install-fixtures.js";

// Server names must survive later installs: a host file launches `connectory run <name>`, so renaming
// an exported server behind the user's back breaks that host entry.

let reg: FakeRegistry;
let home: string;
let file: string;
let clock = Date.parse("2026-03-01T00:00:00.000Z");

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
  file = path.join(await tempDir(), "mcp.json");
});
afterEach(() => reg.close());

/** Each command runs one minute after the previous one: install order is real, not a tie. */
function run(...argv: string[]) {
  clock += 60_000;
  const now = new Date(clock);
  return cli(argv, {
    home,
    env: { CONNECTORY_REGISTRY: reg.url, CONNECTORY_LAUNCHER: JSON.stringify(["connectory"]) },
    now: () => now,
  });
}

/** A stdio connector providing one server named `server`. */
function connector(name: string, server: string, version = "1.0.0") {
  return packageFiles(
    { name, version },
    {
      "mcp.json": { mcpServers: { [server]: { command: "node", args: ["${PLUGIN_ROOT}/index.js", name] } } },
      "index.js": "console.log('hi');\n",
    },
  );
}

/** Server name → the connector providing it, from `config --explain --json`. */
async function names(): Promise<Record<string, string>> {
  const r = await run("config", "--explain", "--json");
  expect(r.code, r.stderr).toBe(0);
  const { servers } = JSON.parse(r.stdout) as {
    servers: Array<{ name: string; status: string; origin: { connector: string } }>;
  };
  expect(servers.every((s) => s.status === "active")).toBe(true);
  return Object.fromEntries(servers.map((s) => [s.name, s.origin.connector]));
}

async function hostEntries(): Promise<Record<string, { args: string[] }>> {
  const text = await fs.readFile(file, "utf8");
  return entriesAt(parseHostDocument("json", text, file), ["mcpServers"], file) as Record<
    string,
    { args: string[] }
  >;
}

describe("config: server names stay stable across installs", () => {
  it("installing a second connector with the same server name leaves the first one's name alone", async () => {
    // "zeta" sorts after "b": only install order can give it the plain name.
    await reg.publish(connector("zeta", "x"));
    await reg.publish(connector("b", "x"));
    expect((await run("install", "zeta")).code).toBe(0);
    expect(await names()).toEqual({ x: "zeta" });
    expect((await run("config", "export", "--host", "cursor", "--file", file, "--write")).code).toBe(0);
    expect((await hostEntries()).x?.args).toEqual(["run", "x"]);

    const second = await run("install", "b");
    expect(second.code, second.stderr).toBe(0);
    expect(await names()).toEqual({ x: "zeta", "b-x": "b" });

    // The exported entry still means zeta's server; the new one is only added.
    const again = await run("config", "export", "--host", "cursor", "--file", file, "--write", "--json");
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { report: unknown[] }).report).toEqual([
      { name: "b-x", action: "add" },
      { name: "x", action: "unchanged" },
    ]);
    const entries = await hostEntries();
    expect(entries.x?.args).toEqual(["run", "x"]);
    expect(entries["b-x"]?.args).toEqual(["run", "b-x"]);
  });

  it("an update keeps the first install time, so it does not take the name back or give it away", async () => {
    await reg.publish(connector("zeta", "x"));
    await reg.publish(connector("b", "x"));
    expect((await run("install", "b")).code).toBe(0);
    expect((await run("install", "zeta")).code).toBe(0);
    expect(await names()).toEqual({ x: "b", "zeta-x": "zeta" });
    await reg.publish(connector("b", "x", "1.1.0"));
    await reg.publish(connector("zeta", "x", "1.1.0"));
    const updated = await run("update");
    expect(updated.code, updated.stderr).toBe(0);
    expect(await names()).toEqual({ x: "b", "zeta-x": "zeta" });
  });

  it("uninstalling the holder hands the plain name to the next-installed connector", async () => {
    await reg.publish(connector("zeta", "x"));
    await reg.publish(connector("b", "x"));
    expect((await run("install", "zeta")).code).toBe(0);
    expect((await run("install", "b")).code).toBe(0);
    expect((await run("uninstall", "zeta")).code).toBe(0);
    expect(await names()).toEqual({ x: "b" });
  });
});
