import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { runCli } from "../../cli/main.js";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { FakeRegistry, packageFiles, startFakeRegistry } from "./install-fixtures.js";

// `install` shows a connector's permissions and asks to accept them (--yes accepts); an update that
// widens them asks again and, until accepted, the installed version keeps running; installed.json
// records what was accepted, and a version that reaches further than that is inactive, with the reason.

let reg: FakeRegistry;
let home: string;
const run = (...argv: string[]) => cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.url } });
const installed = async () => JSON.parse(await fs.readFile(homePaths(home).installed, "utf8"));

function local(version: string, permissions?: Record<string, unknown>) {
  return packageFiles(
    { name: "notes", version, ...(permissions ? { permissions } : {}) },
    {
      "mcp.json": { mcpServers: { notes: { command: "node", args: ["${PLUGIN_ROOT}/server.js"] } } },
      "server.js": "console.log('notes');\n",
    },
  );
}

/** Runs the CLI as if a person typed `answers` at a terminal. */
async function tty(argv: string[], answers: string) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd: home,
    home,
    env: { CONNECTORY_HOME: home, CONNECTORY_REGISTRY: reg.url, NO_COLOR: "1", CI: "1" },
    stdout: { write: (s: string) => (stdout += s), isTTY: true },
    stderr: { write: (s: string) => (stderr += s), isTTY: true },
    stdin: Object.assign(Readable.from([answers]), { isTTY: true }),
    fetch: globalThis.fetch,
    now: () => new Date(),
    version: "0.0.0-test",
  });
  return { code, stdout, stderr };
}

beforeEach(async () => {
  reg = await startFakeRegistry();
  home = await tempDir();
});
afterEach(() => reg.close());

describe("install asks to accept the permissions", () => {
  it("refuses without a terminal and without --yes, writing nothing; --yes accepts and records them", async () => {
    await reg.publish(
      local("1.0.0", { network: "none", filesystem: [{ path: "${HOME}/notes", access: "read" }] }),
    );
    const before = await listFiles(home);
    const refused = await run("install", "notes", "--json");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("notes's local servers will run in a sandbox that allows only:");
    expect(refused.stderr).toContain("network: none");
    expect(refused.stderr).toContain("files: read ${HOME}/notes");
    expect(refused.stderr).toContain("run: connectory install notes --yes");
    expect(JSON.parse(refused.stdout).error.code).toBe("install.permissions.not-accepted");
    expect(await listFiles(home)).toEqual(before);

    const ok = await run("install", "notes", "--yes", "--json");
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).permissions).toEqual(["network: none", "files: read ${HOME}/notes"]);
    expect((await installed())["notes@default"].permissions).toEqual({
      network: "none",
      filesystem: [{ path: "${HOME}/notes", access: "read" }],
    });
  });

  it("asks on a terminal: no installs nothing, yes installs", async () => {
    await reg.publish(local("1.0.0", { network: "any" }));
    const no = await tty(["install", "notes"], "n\n");
    expect(no.code).toBe(1);
    expect(no.stderr).toContain("accept these permissions? [y/N]");
    await expect(fs.access(homePaths(home).installed)).rejects.toThrow();
    const yes = await tty(["install", "notes"], "y\n");
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain("permissions: network: any host");
    expect((await installed())["notes@default"].permissions).toEqual({ network: "any" });
  });

  it("shows a folder the user chose as itself, and records the template", async () => {
    const files = local("1.0.0", {
      network: "none",
      filesystem: [{ path: "${ALLOWED_DIR}", access: "read-write" }],
    });
    const schema = {
      type: "object",
      properties: { ALLOWED_DIR: { type: "string", format: "directory" } },
      required: ["ALLOWED_DIR"],
    };
    files.set("token-schema.json", new TextEncoder().encode(JSON.stringify(schema)));
    await reg.publish(files);
    const folder = await tempDir();
    const r = await run("install", "notes", "--config", `ALLOWED_DIR=${folder}`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`files: read and write ${folder}`);
    expect((await run("install", "notes", "--config", `ALLOWED_DIR=${folder}`, "--yes")).code).toBe(0);
    expect((await installed())["notes@default"].permissions.filesystem).toEqual([
      { path: "${ALLOWED_DIR}", access: "read-write" },
    ]);
  });

  it("a connector without permissions installs as before, recorded and shown as unrestricted", async () => {
    await reg.publish(local("1.0.0"));
    const r = await run("install", "notes");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("permissions: unrestricted");
    expect((await installed())["notes@default"].permissions).toBe("unrestricted");
  });
});

describe("an update that widens the permissions", () => {
  it("asks again; refused, the installed version keeps running; --yes accepts", async () => {
    await reg.publish(local("1.0.0", { network: "none" }));
    expect((await run("install", "notes", "--yes")).code).toBe(0);
    await reg.publish(local("1.1.0", { network: "any" }));
    const refused = await run("update", "notes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("notes asks for more than you accepted for its local servers:");
    expect(refused.stderr).toMatch(/accepted:\n {4}network: none[\s\S]*now asks for:\n {4}network: any host/);
    expect(refused.stderr).toContain("the installed version keeps running");
    expect(refused.stderr).toContain("run: connectory update notes --yes");
    expect((await installed())["notes@default"]).toMatchObject({
      version: "1.0.0",
      permissions: { network: "none" },
    });
    const config = JSON.parse((await run("config", "--explain", "--json")).stdout);
    expect(config.servers[0]).toMatchObject({ name: "notes", status: "active" });

    const ok = await run("update", "notes", "--yes");
    expect(ok.code).toBe(0);
    expect((await installed())["notes@default"]).toMatchObject({
      version: "1.1.0",
      permissions: { network: "any" },
    });
  });

  it("dropping the block (unrestricted) widens too; narrowing asks nothing", async () => {
    await reg.publish(local("1.0.0", { network: "any" }));
    await run("install", "notes", "--yes");
    await reg.publish(local("1.1.0", { network: "none" }));
    expect((await run("update", "notes")).code).toBe(0);
    expect((await installed())["notes@default"].permissions).toEqual({ network: "none" });
    await reg.publish(local("1.2.0"));
    const r = await run("update", "notes");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unrestricted: runs with your files and network");
    expect((await installed())["notes@default"].version).toBe("1.1.0");
  });
});

describe("a version whose permissions reach further than accepted", () => {
  it("is inactive with the reason in list, config --explain, doctor and run; installing with --yes accepts", async () => {
    await reg.publish(local("1.0.0", { network: "any" }));
    await run("install", "notes", "--yes");
    // As if installed.json recorded a narrower consent (an older record, or a hand edit).
    const file = await installed();
    file["notes@default"].permissions = { network: "none" };
    await fs.writeFile(homePaths(home).installed, JSON.stringify(file));

    const list = JSON.parse((await run("list", "--json")).stdout);
    expect(list.connectors[0]).toMatchObject({ status: "needs-consent" });
    expect(list.connectors[0].reason).toContain("connectory install notes@1.0.0 --yes");
    expect((await run("list")).stdout).toContain("Permissions not accepted (inactive):");
    const explain = JSON.parse((await run("config", "--explain", "--json")).stdout);
    expect(explain.servers[0]).toMatchObject({ status: "needs-consent" });
    expect((await run("doctor")).stdout).toContain(
      "notes is inactive: notes 1.0.0 declares permissions beyond",
    );
    const started = await run("run", "notes");
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain("needs-consent");

    expect((await run("install", "notes@1.0.0")).code).toBe(1);
    expect((await run("install", "notes@1.0.0", "--yes")).code).toBe(0);
    expect(JSON.parse((await run("list", "--json")).stdout).connectors[0].status).toBe("ready");
  });

  it("refuses an installed.json whose permissions are neither a block nor unrestricted", async () => {
    await reg.publish(local("1.0.0"));
    await run("install", "notes");
    const file = await installed();
    file["notes@default"].permissions = ["network"];
    await fs.writeFile(homePaths(home).installed, JSON.stringify(file));
    const r = await run("list");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('"permissions" that are neither an object nor "unrestricted"');
  });
});
