import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { backupFile } from "../../../cli/home/backup.js";
import { tempDir } from "../../helpers/tmp.js";

it("keeps the newest backups of each file, and files with one name in different projects apart", async () => {
  const backups = await tempDir();
  const root = await tempDir();
  const a = path.join(root, "project-a", ".mcp.json");
  const b = path.join(root, "project-b", ".mcp.json");
  let t = Date.parse("2026-01-01T00:00:00Z");
  const now = () => new Date((t += 1000));
  const saved: Record<string, string[]> = { a: [], b: [] };
  for (let i = 0; i < 5; i++) saved.a!.push(await backupFile(backups, a, `a${i}`, now(), 3));
  saved.b!.push(await backupFile(backups, b, "b0", now(), 3));
  saved.a!.push(await backupFile(backups, a, "a5", now(), 3));

  const left = (await fs.readdir(backups)).sort();
  expect(left).toHaveLength(4);
  // Project b's single backup survived six backups of project a.
  expect(await fs.readFile(saved.b![0]!, "utf8")).toBe("b0");
  const ofA = await Promise.all(
    left
      .filter((f) => path.join(backups, f) !== saved.b![0])
      .map((f) => fs.readFile(path.join(backups, f), "utf8")),
  );
  expect(ofA).toEqual(["a3", "a4", "a5"]);
  for (const f of left) {
    expect(f.startsWith(".mcp.json.")).toBe(true);
    expect((await fs.stat(path.join(backups, f))).mode & 0o777).toBe(0o600);
  }
});

it("two backups in the same millisecond get distinct names", async () => {
  const backups = await tempDir();
  const file = path.join(await tempDir(), "config.toml");
  const now = new Date("2026-01-01T00:00:00Z");
  const first = await backupFile(backups, file, "one", now, 10);
  const second = await backupFile(backups, file, "two", now, 10);
  expect(first).not.toBe(second);
  expect(await fs.readFile(first, "utf8")).toBe("one");
  expect(await fs.readFile(second, "utf8")).toBe("two");
});
