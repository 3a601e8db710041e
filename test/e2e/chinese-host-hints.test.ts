import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";
import { cli } from "../helpers/cli.js";
import { buildHome, simpleConnector } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 32 #11: the errors and hints about MCP hosts' files (an unknown --host, a host without a file
// Connectory edits, a path that is no config, an import from nothing, Gemini CLI's extension folder)
// speak Chinese under LANG=zh_CN.UTF-8, and stay English in --json; the real CLI on real files.

const ENGLISH = englishPieces(["hosts."]);

async function hostSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const folder = path.join(home, "a-folder");
  await fs.mkdir(folder);
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
  await step(["config", "export", "--host", "notepad"], 2);
  await step(["config", "export", "--host", "cherry-studio"], 2);
  await step(["config", "export", "--host", "cursor", "--file", folder], 1);
  await step(["import", "--from", "cursor", "--file", path.join(home, "nothing.json")], 1);
  await step(["config", "export", "--host", "cursor", "--as-extension"], 2);
  await step(["config", "export", "--host", "gemini-cli", "--as-extension", "--mode", "inline"], 2);
  return outputs;
}

it("host files' errors and hints in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(hostSession, ENGLISH, 5);
  expect(english).toContain('unknown host "notepad"');
  expect(outputs[0]).toContain("错误：未知的主机“notepad”");
  expect(outputs[0]).toMatch(/已知的主机：.*cursor/);
  expect(outputs[1]).toContain("cherry-studio 没有");
  expect(outputs[2]).toContain("不是普通文件");
  expect(outputs[3]).toContain("nothing.json 不存在");
  expect(outputs[4]).toContain("--as-extension 只用于 --host gemini-cli");
  expect(outputs[5]).toContain("不接受 --mode inline");
});

it("their --json is the English error", async () => {
  const home = await tempDir();
  const zh = await cli(["config", "export", "--host", "notepad", "--json"], {
    home,
    env: { LANG: "zh_CN.UTF-8" },
  });
  const en = await cli(["config", "export", "--host", "notepad", "--json"], { home });
  expect(zh.stdout).toBe(en.stdout);
  expect(JSON.parse(zh.stdout).error).toMatchObject({
    code: "host.unknown",
    message: 'unknown host "notepad"',
  });
});

/** import from a Cursor file: a dry run, the import, and again (already imported). */
async function importSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const file = path.join(home, "cursor-mcp.json");
  const servers = { notes: { command: "node", args: ["notes.js"], env: { API_TOKEN: "s3cret-value" } } };
  await fs.writeFile(file, JSON.stringify({ mcpServers: servers }));
  const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
  await step(["import", "--from", "cursor", "--file", file, "--dry-run"]);
  await step(["import", "--from", "cursor", "--file", file]);
  await step(["import", "--from", "cursor", "--file", file]);
  return outputs;
}

it("import's plan and result in Chinese", async () => {
  const { english, outputs } = await inBothLanguages(importSession, englishPieces(["import."]), 3);
  expect(english).toContain("Would import from cursor");
  expect(outputs[0]).toMatch(/将从 cursor 导入：/);
  expect(outputs[0]).toContain("+ 添加  notes");
  expect(outputs[0]).toContain("机密 API_TOKEN 将移到 credentials.json");
  expect(outputs[0]).toContain("没有写入任何内容（--dry-run）。");
  expect(outputs[1]).toContain("在你信任之前不会生效：connectory trust notes");
  expect(outputs[2]).toContain("= 已导入过  notes");
});

/** The printed fixes for host files: a stale export after disable, a vanished file in doctor, a bad launcher. */
async function fixSession(lang: string): Promise<string[]> {
  const home = await tempDir();
  const project = await tempDir();
  await buildHome(home, [simpleConnector("notes", ["notes"])]);
  const { outputs, step } = recorder((argv) =>
    cli(argv, { home, cwd: project, env: { LANG: lang, PATH: "" } }),
  );
  await step(["config", "export", "--host", "claude-code", "--scope", "project", "--write"], 0, false);
  await step(["disable", "notes"]);
  await fs.rm(path.join(project, ".mcp.json"));
  await step(["enable", "notes"]);
  const bad = recorder((argv) =>
    cli(argv, { home, cwd: project, env: { LANG: lang, CONNECTORY_LAUNCHER: "connectory" } }),
  );
  await bad.step(["config", "export", "--host", "claude-code", "--write"], 1);
  return [...outputs, ...bad.outputs];
}

it("the printed fixes for host files in Chinese", async () => {
  const pieces = englishPieces(["hosts.", "exports."]);
  const { english, outputs } = await inBothLanguages(fixSession, pieces, 2);
  expect(english).toContain("(claude-code, project scope) still lists notes");
  expect(outputs[0]).toContain("（claude-code，project 范围） 仍列出 notes");
  expect(outputs[0]).toContain("connectory config export --host claude-code --scope project --write");
  expect(outputs[1]).toContain("已不存在");
  expect(outputs[2]).toContain("CONNECTORY_LAUNCHER 必须是字符串组成的 JSON 数组");
});

it("config copy and config's usage errors in Chinese", async () => {
  const session = async (lang: string) => {
    const home = await tempDir();
    await buildHome(home, [simpleConnector("notes", ["notes"])]);
    const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
    await step(["config", "copy", "notes", "--host", "cursor"]);
    await step(["config", "copy", "notes"], 2);
    await step(["config", "--profile", "x"], 2);
    return outputs;
  };
  const { outputs } = await inBothLanguages(
    session,
    englishPieces(["copy.", "config.host", "config.profile-"]),
    1,
  );
  expect(outputs[0]).toContain("# notes（用于 Cursor）");
  expect(outputs[1]).toContain("必须给出 --host");
  expect(outputs[1]).toContain("例如 connectory config copy weather --host cursor");
  expect(outputs[2]).toContain("--profile 要与 --explain 一起使用");
});
