import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { childEnv, stdioLaunch } from "../../cli/mcp/child-env.js";
import { cli } from "../helpers/cli.js";
import { buildHome } from "../helpers/home.js";
import { tempDir } from "../helpers/tmp.js";
import { SECRET, fixtureConnector, writeTools } from "./inspect-fixtures.js";

const spec = { command: "x", env: { API_KEY: "k" } };

describe("the child environment rule", () => {
  it("keeps the minimal set and the server's env, drops the user's other variables", () => {
    const env = childEnv(
      spec,
      {
        PATH: "/bin",
        HOME: "/h",
        LANG: "C.UTF-8",
        LC_CTYPE: "C",
        TZ: "UTC",
        HTTPS_PROXY: "http://p",
        no_proxy: "localhost",
        XDG_CACHE_HOME: "/c",
        AWS_SECRET_ACCESS_KEY: "aws",
        GITHUB_TOKEN: "gh",
        CONNECTORY_HOME: "/ch",
        NODE_OPTIONS: "--require /tmp/evil.js",
        BAD: "() { :; }",
        SHELL: "() { evil; }",
        UNSET: undefined,
      },
      "linux",
    );
    expect(env).toEqual({
      PATH: "/bin",
      HOME: "/h",
      LANG: "C.UTF-8",
      LC_CTYPE: "C",
      TZ: "UTC",
      HTTPS_PROXY: "http://p",
      no_proxy: "localhost",
      XDG_CACHE_HOME: "/c",
      API_KEY: "k",
    });
  });

  it("lets the server's own env win over an inherited value", () => {
    expect(childEnv({ command: "x", env: { PATH: "/opt/bin" } }, { PATH: "/bin" }, "linux")).toEqual({
      PATH: "/opt/bin",
    });
  });

  it("matches Windows names case-insensitively and keeps what Windows programs need", () => {
    const env = childEnv(
      { command: "x" },
      { Path: "C:\\bin", SystemRoot: "C:\\Windows", APPDATA: "a", HOME: "/h", GITHUB_TOKEN: "gh" },
      "win32",
    );
    expect(env).toEqual({ Path: "C:\\bin", SystemRoot: "C:\\Windows", APPDATA: "a" });
  });

  it("resolves a relative cwd against the command's cwd and keeps args as written (no shell)", () => {
    const launch = stdioLaunch(
      { command: "node", args: ["a b", "$HOME"], cwd: "srv" },
      { env: {}, cwd: "/w" },
    );
    expect(launch).toEqual({ command: "node", args: ["a b", "$HOME"], env: {}, cwd: path.resolve("/w/srv") });
  });
});

describe("run, inspect, doctor and tools start a server with the same environment", () => {
  it("gives the server one environment whichever command starts it", async () => {
    const dir = await tempDir();
    const home = path.join(dir, "home");
    const tools = path.join(dir, "tools.json");
    const log = path.join(dir, "starts.log");
    await writeTools(tools);
    await buildHome(home, [fixtureConnector("notes", "tools-server.mjs", [tools, "--log", log])]);
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      LANG: "C.UTF-8",
      HTTPS_PROXY: "http://proxy.invalid:3128",
      UNRELATED_SECRET: "leak-me-not",
    };
    expect((await cli(["inspect", "notes"], { home, env })).code).toBe(0);
    expect((await cli(["run", "notes"], { home, env, stdin: "" })).code).toBe(0);
    expect((await cli(["tools"], { home, env })).code).toBe(0);
    await cli(["doctor"], { home, env }); // its verdict is not the point: the server it starts is
    const starts = (await fs.readFile(log, "utf8"))
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l).env as Record<string, string>);
    expect(starts).toHaveLength(4);
    for (const e of starts.slice(1)) expect(e).toEqual(starts[0]);
    expect(starts[0]).toMatchObject({ FIXTURE_SECRET: SECRET, LANG: "C.UTF-8", HOME: dir });
    expect(starts[0]).not.toHaveProperty("UNRELATED_SECRET");
    expect(starts[0]).not.toHaveProperty("CONNECTORY_HOME");
  });
});
