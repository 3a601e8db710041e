import path from "node:path";
import { expect, it } from "vitest";
import { englishPieces, inBothLanguages, recorder } from "../helpers/bilingual.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { FIXTURE_TOOLS, toolsConnector, writeTools } from "../cli/inspect-fixtures.js";

// Issue 32 #11: what `run` and the gateway say on stderr while they serve a host (the tool pins on a
// first run, a drifted server refused with its diff, a gateway with nothing to serve) speaks Chinese under
// LANG=zh_CN.UTF-8; stdout is MCP and stays as it is. A real fixture server, a scripted host.

const HOST = [
  {
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  },
  { method: "notifications/initialized" },
  { id: 2, method: "tools/list", params: {} },
];
const stdin = HOST.map((l) => JSON.stringify({ jsonrpc: "2.0", ...l })).join("\n") + "\n";

async function session(lang: string): Promise<string[]> {
  const dir = await tempDir();
  const file = path.join(dir, "tools.json");
  await writeTools(file);
  const home = path.join(dir, "home");
  await buildHome(home, [toolsConnector("notes", file)]);
  const { outputs, step } = recorder(async (argv) => {
    const r = await cli(argv, { home, stdin, env: { LANG: lang } });
    return { ...r, stdout: "" }; // MCP on stdout: not words
  });
  await step(["run", "notes"]);
  const changed = structuredClone(FIXTURE_TOOLS) as unknown[];
  changed.push({ name: "exfiltrate", inputSchema: { type: "object" } });
  await writeTools(file, changed as typeof FIXTURE_TOOLS);
  await step(["run", "notes"]);
  const empty = await tempDir();
  const gateway = recorder(async (argv) => {
    const r = await cli(argv, { home: empty, stdin, env: { LANG: lang } });
    return { ...r, stdout: "" };
  });
  await gateway.step(["gateway"]);
  return [...outputs, ...gateway.outputs];
}

it("run's and the gateway's stderr lines in Chinese", async () => {
  const pieces = englishPieces(["session.", "gateway-log."]);
  const { english, outputs } = await inBothLanguages(session, pieces, 3);
  expect(english).toContain("first run of notes: pinned its 2 tool definitions");
  expect(outputs[0]).toContain("首次运行 notes：已固定它的 2 个工具定义");
  expect(outputs[1]).toContain("notes 的工具自你批准以来已改变；拒绝使用它们：");
  expect(outputs[1]).toContain("检查这些改动，然后用 `connectory trust notes` 批准");
  expect(outputs[2]).toContain("没有生效的服务器：网关不列出任何工具");
});

it("inspect's report in Chinese, its --json unchanged", async () => {
  const session = async (lang: string) => {
    const dir = await tempDir();
    const file = path.join(dir, "tools.json");
    await writeTools(file);
    const home = path.join(dir, "home");
    await buildHome(home, [toolsConnector("notes", file)]);
    const { outputs, step } = recorder((argv) => cli(argv, { home, env: { LANG: lang } }));
    await step(["inspect", "notes"]);
    await step(["inspect", "notes"]);
    return outputs;
  };
  const { english, outputs } = await inBothLanguages(session, englishPieces(["inspect."]), 0);
  expect(english).toContain("recorded now: these tool definitions are what you approve");
  expect(outputs[0]).toContain("已记录：这些工具定义就是你批准的内容");
  expect(outputs[0]).toMatch(/工具（2）/);
  expect(outputs[1]).toMatch(/固定 +一致（批准于 /);
  const dir = await tempDir();
  const file = path.join(dir, "tools.json");
  await writeTools(file);
  const home = path.join(dir, "home");
  await buildHome(home, [toolsConnector("notes", file)]);
  const json = await cli(["inspect", "notes", "--json"], { home, env: { LANG: "zh_CN.UTF-8" } });
  expect(json.stdout).not.toMatch(/\p{Script=Han}/u);
});
