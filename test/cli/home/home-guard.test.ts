import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { cli } from "../../helpers/cli.js";
import { buildHome } from "../../helpers/home.js";
import { tempDir } from "../../helpers/tmp.js";
import { SERVERS } from "../inspect-fixtures.js";

// Issue 12, class 6: another local user who can write the home (or a file in it) plants a server in
// mcp.json plus a self-made trust.json, or a connector in installed.json, and it runs as the victim.
// The CLI refuses such a home, with the fix, before it reads anything from it.

const planted = async (home: string) => {
  const log = path.join(home, "..", "ran.log");
  const spec = {
    command: process.execPath,
    args: [path.join(SERVERS, "tools-server.mjs"), "x", "--log", log],
  };
  await fs.writeFile(homePaths(home).mcpJson, JSON.stringify({ mcpServers: { evil: spec } }));
  return { log, spec };
};

describe("the home is guarded like ssh's StrictModes", () => {
  it("a world-writable home is refused, with chmod 700 as the fix; nothing runs", async () => {
    const home = path.join(await tempDir(), "home");
    await fs.mkdir(home);
    const { log } = await planted(home);
    await cli(["trust", "evil"], { home }); // what the attacker would have written, made by the CLI
    await fs.chmod(home, 0o777);
    for (const argv of [["config"], ["run", "evil"], ["list"], ["doctor"]]) {
      const r = await cli(argv, { home });
      expect(r.code, argv.join(" ")).not.toBe(0);
      expect(r.stderr).toContain("is writable by every user (mode 777)");
      expect(r.stderr).toContain(`chmod 700 ${home}`);
    }
    await expect(fs.access(log)).rejects.toThrow();
    await fs.chmod(home, 0o700);
    expect((await cli(["config"], { home })).code).toBe(0);
  });

  it("a group-writable file in the home (trust.json, installed.json) is refused with chmod go-w", async () => {
    const home = path.join(await tempDir(), "home");
    await buildHome(home, [{ sample: "weather" }]);
    for (const file of [homePaths(home).installed, path.join(home, "trust.json")]) {
      await fs.writeFile(file, file.endsWith("installed.json") ? await fs.readFile(file) : '{"servers":{}}');
      await fs.chmod(file, 0o664);
      const r = await cli(["config", "--json"], { home });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).error).toMatchObject({
        code: "home.unsafe.writable",
        hint: `check what it holds, then: chmod go-w ${file}`,
      });
      await fs.chmod(file, 0o644);
    }
    expect((await cli(["config"], { home })).code).toBe(0);
  });

  it("a writable plugins/ folder is refused too", async () => {
    const home = path.join(await tempDir(), "home");
    await buildHome(home, [{ sample: "weather" }]);
    await fs.chmod(homePaths(home).plugins, 0o777);
    const r = await cli(["list"], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`chmod 700 ${homePaths(home).plugins}`);
  });

  it("a new home is created 0700 (even under umask 000)", async () => {
    const home = path.join(await tempDir(), "fresh");
    const old = process.umask(0);
    try {
      expect((await cli(["mcp", "add", "x", "--", "node", "x.js"], { home })).code).toBe(0);
    } finally {
      process.umask(old);
    }
    expect((await fs.stat(home)).mode & 0o777).toBe(0o700);
  });

  it("a symlinked credentials.json is refused: secrets never land outside the home", async () => {
    const home = path.join(await tempDir(), "home");
    await buildHome(home, [{ sample: "github" }]);
    const outside = path.join(await tempDir(), "collected.json");
    await fs.writeFile(outside, '{"connectors":{}}');
    await fs.symlink(outside, homePaths(home).credentials);
    const r = await cli(
      ["credentials", "set", "github", "GITHUB_PAT=ghp_canary0123456789abcdef0123456789ab"],
      {
        home,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is a symbolic link");
    expect(await fs.readFile(outside, "utf8")).toBe('{"connectors":{}}');
  });
});
