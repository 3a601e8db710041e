import { describe, expect, it } from "vitest";
import {
  canRun,
  pickLaunch,
  pickLaunches,
  runnerOf,
  type Machine,
} from "../../../src/core/launch/pick-launch.js";
import type { Launch, ServerSpec } from "../../../src/core/types.js";

const SHA = "a".repeat(64);
const npm: Launch = { command: "npx", args: ["-y", "@acme/mcp@1.0.0"] };
const oci: Launch = { command: "docker", args: ["run", "-i", "--rm", "acme/mcp:1.0.0"] };
const pypi: Launch = { command: "uvx", args: ["acme-mcp==1.0.0"] };
const nuget: Launch = { command: "dnx", args: ["Acme.Mcp@1.0.0", "--yes"] };
const mcpb = {
  command: "",
  package: { registryType: "mcpb", identifier: "https://e.com/a.mcpb", fileSha256: SHA },
} as Launch;
const remote: Launch = { type: "sse", url: "https://acme.example/sse" };
const server = (...launches: Launch[]): ServerSpec =>
  ({ ...launches[0]!, alternatives: launches.slice(1) }) as ServerSpec;
const machine = (programs: string[], bundles: string[] = []): Machine => ({
  hasProgram: (p) => programs.includes(p),
  hasBundle: (s) => bundles.includes(s),
});

describe("pickLaunch", () => {
  it.each([
    ["npm", npm],
    ["docker", oci],
    ["pypi", pypi],
    ["nuget", nuget],
    ["mcpb", mcpb],
    ["remote", remote],
    ["command", { command: "node", args: ["x.js"] }],
  ] as const)("knows the runner %s", (runner, launch) => expect(runnerOf(launch as Launch)).toBe(runner));

  it("takes the first launch the machine can run", () => {
    expect(pickLaunch(server(npm, oci, remote), machine(["docker"])).index).toBe(1);
    expect(pickLaunch(server(npm, oci, remote), machine([])).index).toBe(2);
    expect(pickLaunch(server(npm, oci), machine(["npx", "docker"])).index).toBe(0);
  });

  it("--prefer docker wins when docker can run it, and is ignored when it cannot", () => {
    expect(pickLaunch(server(npm, oci), machine(["npx", "docker"]), "docker").index).toBe(1);
    expect(pickLaunch(server(npm, oci), machine(["npx"]), "docker").index).toBe(0);
  });

  it("an MCPB launch runs once its bundle is unpacked; none runnable keeps the first, said", () => {
    expect(canRun(mcpb, machine([]))).toBe(false);
    expect(pickLaunch(server(nuget, mcpb), machine([], [SHA])).index).toBe(1);
    expect(pickLaunch(server(nuget, pypi), machine([]))).toMatchObject({ index: 0, runnable: false });
  });

  it("resolves a set, leaving servers without alternatives as they are", () => {
    const plain: ServerSpec = { command: "node", args: ["x.js"] };
    const picked = pickLaunches({ a: plain, b: server(npm, remote) }, machine([]));
    expect(picked["a"]).toBe(plain);
    expect(picked["b"]).toEqual(remote);
  });
});
