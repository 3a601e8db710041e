import fs from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { folderInside } from "../../src/package/inside-folder.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import { importEntries } from "../../src/registry/import/import-sources.js";
import { cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 31 #5: a marketplace plugin whose `source` is (or passes through) a symbolic link out of the
// checkout is never read: `convert marketplace.json#x` (and so `publish`) and `connectory-registry import`
// refuse it; the same plugin as a real folder converts (the control).

let root: string;
let checkout: string;
let outside: string;

async function plugin(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, ".claude-plugin"), { recursive: true });
  await fs.writeFile(
    path.join(dir, ".claude-plugin/plugin.json"),
    JSON.stringify({ name: "widget", version: "1.0.0", description: "A widget." }),
  );
  await fs.writeFile(
    path.join(dir, ".mcp.json"),
    JSON.stringify({ mcpServers: { widget: { command: "npx", args: ["-y", "widget-mcp"] } } }),
  );
}

beforeEach(async () => {
  root = await tempDir("connectory-linked-source-");
  checkout = path.join(root, "checkout");
  outside = path.join(root, "aws");
  await fs.mkdir(path.join(checkout, ".claude-plugin"), { recursive: true });
  await fs.mkdir(path.join(checkout, "plugins"), { recursive: true });
  await plugin(outside);
  await fs.writeFile(path.join(outside, "credentials"), "aws_secret_access_key = SECRET\n");
  await fs.writeFile(
    path.join(checkout, ".claude-plugin/marketplace.json"),
    JSON.stringify({
      name: "mkt",
      owner: { name: "Mkt" },
      plugins: [{ name: "widget", source: "./plugins/widget" }],
    }),
  );
});

describe("a symlinked plugin source", () => {
  it("convert refuses a source that is a link out of the checkout; a real folder converts (the control)", async () => {
    await fs.symlink(outside, path.join(checkout, "plugins/widget"));
    const file = `${path.join(checkout, ".claude-plugin/marketplace.json")}#widget`;
    const refused = await cli(["convert", file, "-o", path.join(root, "out"), "--json"], { home: root });
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain("symbolic link");
    await expect(fs.stat(path.join(root, "out"))).rejects.toThrow();

    await fs.unlink(path.join(checkout, "plugins/widget"));
    await fs.cp(outside, path.join(checkout, "plugins/widget"), { recursive: true });
    await fs.rm(path.join(checkout, "plugins/widget/credentials"));
    const ok = await cli(["convert", file, "-o", path.join(root, "out"), "--json"], { home: root });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it("the import reads nothing through a linked parent folder", async () => {
    await fs.rm(path.join(checkout, "plugins"), { recursive: true });
    await fs.mkdir(path.join(root, "elsewhere/widget"), { recursive: true });
    await fs.cp(outside, path.join(root, "elsewhere/widget"), { recursive: true });
    await fs.symlink(path.join(root, "elsewhere"), path.join(checkout, "plugins"));
    const entries = await importEntries(checkout, { fetch, cwd: root });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.conversion.ok).toBe(false);
    expect(JSON.stringify(entries)).not.toContain("SECRET");
  });

  it("folderInside and the reader's refuseLinkedRoot", async () => {
    await fs.symlink(outside, path.join(checkout, "plugins/widget"));
    expect(await folderInside(checkout, "./plugins/widget")).toHaveProperty("refused");
    expect(await folderInside(checkout, "../aws")).toHaveProperty("refused");
    expect(await folderInside(checkout, ".")).toHaveProperty("refused");
    expect(await folderInside(checkout, "plugins")).toEqual({
      folder: await fs.realpath(path.join(checkout, "plugins")),
    });
    await expect(
      readPackageContents(path.join(checkout, "plugins/widget"), { refuseLinkedRoot: true }),
    ).rejects.toMatchObject({
      code: "package.dir.symlink",
    });
    expect((await readPackageContents(path.join(checkout, "plugins/widget"))).files.has("credentials")).toBe(
      true,
    );
  });
});
