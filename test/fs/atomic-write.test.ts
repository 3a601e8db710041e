import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homePaths } from "../../cli/home/home.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { cli } from "../helpers/cli.js";
import { listFiles, tempDir } from "../helpers/tmp.js";

describe("atomicWrite", () => {
  it("replaces the bytes and leaves no temp file", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "a.json");
    await fs.writeFile(file, "old");
    await atomicWrite(file, "new");
    expect(await fs.readFile(file, "utf8")).toBe("new");
    expect(await listFiles(dir)).toEqual(["a.json"]);
  });

  it("keeps a private file private, and makes a new secret file 0600 whatever the umask", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "credentials.json");
    await fs.writeFile(file, "{}", { mode: 0o600 });
    await fs.chmod(file, 0o600);
    await atomicWrite(file, '{"a":1}');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const fresh = path.join(dir, "fresh.json");
    const umask = process.umask(0);
    try {
      await atomicWrite(fresh, "{}", { mode: 0o600 });
    } finally {
      process.umask(umask);
    }
    expect((await fs.stat(fresh)).mode & 0o777).toBe(0o600);
  });

  it("writes a symlinked file where it points: the link stays, the target gets the bytes and keeps its mode", async () => {
    const dir = await tempDir();
    const dotfiles = path.join(dir, "dotfiles");
    await fs.mkdir(dotfiles);
    const real = path.join(dotfiles, "mcp.json");
    await fs.writeFile(real, "old");
    await fs.chmod(real, 0o640);
    const link = path.join(dir, "mcp.json");
    await fs.symlink(real, link);
    await atomicWrite(link, "new");
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, "utf8")).toBe("new");
    expect((await fs.stat(real)).mode & 0o777).toBe(0o640);
    expect(await listFiles(dotfiles)).toEqual(["mcp.json"]);
  });

  it("`mcp add` on a symlinked mcp.json edits the linked file, keeps the link, backs up 0600", async () => {
    const home = await tempDir();
    const dotfiles = await tempDir();
    const real = path.join(dotfiles, "mcp.json");
    await fs.writeFile(real, '{ "mcpServers": { "a": { "command": "x", "env": { "K": "secret-1" } } } }\n');
    await fs.symlink(real, homePaths(home).mcpJson);
    const r = await cli(["mcp", "add", "b", "--", "y"], { home });
    expect(r.code, r.stderr).toBe(0);
    expect((await fs.lstat(homePaths(home).mcpJson)).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await fs.readFile(real, "utf8")).mcpServers.b).toEqual({ command: "y" });
    const [backup] = await fs.readdir(homePaths(home).backups);
    expect((await fs.stat(path.join(homePaths(home).backups, backup!))).mode & 0o777).toBe(0o600);
  });
});
