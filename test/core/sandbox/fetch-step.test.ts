import { describe, expect, it } from "vitest";
import { fetchedPackage, fetchLaunch, registryHosts } from "../../../src/core/sandbox/fetch-step.js";

describe("the fetch step (issue 31 #2)", () => {
  it.each([
    [
      { command: "npx", args: ["-y", "@s/p@1.0.0", "--x"] },
      { tool: "npx", spec: "@s/p@1.0.0" },
    ],
    [
      { command: "/usr/bin/uvx", args: ["mcp-server-git", "--repo", "."] },
      { tool: "uvx", spec: "mcp-server-git" },
    ],
    [
      { command: "uvx", args: ["--python", "3.12", "pkg"] },
      { tool: "uvx", spec: "pkg" },
    ],
    [
      { command: "uvx", args: ["--from", "pkg==1.0", "tool"] },
      { tool: "uvx", spec: "pkg==1.0" },
    ],
    [{ command: "node", args: ["x.js"] }, undefined],
  ])("%j → %j", (launch, found) => expect(fetchedPackage(launch)).toEqual(found));

  it("keeps no credential, turns scripts off and names the registry", () => {
    const launch = {
      command: "npx",
      args: ["-y", "p"],
      env: { PATH: "/usr/bin", HOME: "/h", API_KEY: "sk" },
      cwd: "/",
    };
    const step = fetchLaunch(launch, "npx", "p", "http://127.0.0.1:4873/");
    expect(step.env).toEqual(expect.not.objectContaining({ API_KEY: expect.anything() }));
    expect(step.env).toMatchObject({
      npm_config_ignore_scripts: "true",
      npm_config_registry: "http://127.0.0.1:4873/",
    });
    expect(step.args).toContain("--ignore-scripts");
    expect(fetchLaunch({ ...launch, command: "uvx" }, "uvx", "p", undefined).args).toEqual([
      "--from",
      "p",
      "python",
      "-c",
      "",
    ]);
  });

  it("reaches only the registry's host", () => {
    expect(registryHosts("npx", undefined)).toEqual(["registry.npmjs.org"]);
    expect(registryHosts("npx", "http://127.0.0.1:4873/")).toEqual(["127.0.0.1:4873"]);
    expect(registryHosts("uvx", undefined)).toEqual(["pypi.org", "files.pythonhosted.org"]);
    expect(registryHosts("npx", "file:///etc")).toEqual(["registry.npmjs.org"]);
  });
});
