import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCachedServers } from "../../../cli/home/effective-config.js";
import { cacheDir } from "../../../cli/home/home.js";
import { localMachine } from "../../../cli/mcp/local-machine.js";
import { tempDir } from "../../helpers/tmp.js";

// The launch an installed server runs on this machine: read from the real cache, with PATH as given.

async function installed(home: string, mcp: unknown) {
  const dir = cacheDir(home, "default", "fs", "1.0.0");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "mcp.json"), JSON.stringify(mcp));
}

describe("this machine's launch", () => {
  it("finds programs on PATH, executable files only", async () => {
    const bin = await tempDir();
    fs.writeFileSync(path.join(bin, "tool"), "#!/bin/sh\n", { mode: 0o755 });
    fs.writeFileSync(path.join(bin, "data"), "x", { mode: 0o644 });
    const machine = localMachine(await tempDir(), { PATH: bin }, "linux");
    expect([machine.hasProgram("tool"), machine.hasProgram("data"), machine.hasProgram("none")]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("an installed server with alternatives runs the first launch whose program exists, or the preferred", async () => {
    const home = await tempDir();
    await installed(home, {
      schemaVersion: 2,
      mcpServers: {
        fs: {
          command: "connectory-test-no-such-program",
          args: ["serve"],
          alternatives: [
            { command: "node", args: ["-e", "1"] },
            { type: "sse", url: "https://fs.example/sse" },
          ],
        },
      },
    });
    const entry = { name: "fs", marketplace: "default", version: "1.0.0" };
    expect((await readCachedServers(home, entry)).servers["fs"]).toEqual({
      command: "node",
      args: ["-e", "1"],
    });
    expect((await readCachedServers(home, { ...entry, prefer: "remote" })).servers["fs"]).toEqual({
      type: "sse",
      url: "https://fs.example/sse",
    });
  });
});
