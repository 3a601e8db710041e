import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { loadEffectiveConfig } from "../../cli/home/effective-config.js";
import { connectServer, type McpSession } from "../../cli/mcp/mcp-client.js";
import { selectServers, targetOf } from "../../cli/mcp/mcp-targets.js";
import { explainSandbox } from "../../cli/sandbox/explain-sandbox.js";
import { buildHome, type FakeInstall } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";

// The samples under their declared permissions: weather (network none, no files) answers; filesystem
// (npx, its chosen folder read-write, network none) works inside the folder and is refused outside it.

const bwrapWorks = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const registryReachable = await fetch("https://registry.npmjs.org/-/ping", {
  signal: AbortSignal.timeout(5000),
})
  .then((r) => r.ok)
  .catch(() => false);

let home: string;
let userHome: string;

beforeEach(async () => {
  const root = await tempDir("connectory-sandbox-samples-");
  home = path.join(root, "connectory");
  userHome = path.join(root, "home");
  fs.mkdirSync(path.join(userHome, "notes"), { recursive: true });
  fs.writeFileSync(path.join(userHome, "secret.txt"), "outside the grant\n");
});

async function session(install: FakeInstall, name: string): Promise<McpSession> {
  await buildHome(home, [install]);
  const config = await loadEffectiveConfig(home);
  const [server] = selectServers(config, name);
  const world = { env: { HOME: userHome, PATH: process.env.PATH }, cwd: userHome, fetch, version: "0", home };
  return connectServer(targetOf(server!, config), { ...world, timeoutMs: 120_000 });
}

async function call(s: McpSession, name: string, args: Record<string, unknown>) {
  const r = (await s.request((c) => c.callTool({ name, arguments: args }))) as {
    content: Array<{ text: string }>;
    isError?: boolean;
  };
  return { ok: r.isError !== true, text: r.content.map((c) => c.text).join("\n") };
}

describe.skipIf(!bwrapWorks)("the samples in their sandbox", () => {
  it("weather answers with no network and no files, and says so in --explain-sandbox", async () => {
    const s = await session({ sample: "weather" }, "weather");
    try {
      const tools = await s.listTools();
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
    const config = await loadEffectiveConfig(home);
    const text = await explainSandbox(config.servers[0]!, { env: { HOME: userHome }, cwd: userHome, home });
    expect(text).toContain("runs in bubblewrap");
    expect(text).toMatch(/network\s+none/);
    expect(text).not.toContain("--share-net");
  });

  it.skipIf(!registryReachable)(
    "filesystem works in its granted folder and is refused outside it",
    async () => {
      const notes = path.join(userHome, "notes");
      const s = await session({ sample: "filesystem", credentials: { ALLOWED_DIR: notes } }, "filesystem");
      try {
        const inside = await call(s, "write_file", { path: path.join(notes, "a.txt"), content: "hello" });
        expect(inside.ok).toBe(true);
        expect(fs.readFileSync(path.join(notes, "a.txt"), "utf8")).toBe("hello");
        const outside = await call(s, "read_text_file", { path: path.join(userHome, "secret.txt") });
        expect(outside.ok).toBe(false);
        expect(outside.text).not.toContain("outside the grant");
      } finally {
        await s.close();
      }
    },
    180_000,
  );
});
