import { describe, expect, it } from "vitest";
import { validatePackage } from "../../src/core/package/validate-package.js";

const text = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const manifest = { name: "demo", version: "1.0.0", description: "A demo.", publisher: "acme" };

function codes(permissions: unknown): string[] {
  const files = new Map([
    ["plugin.json", text({ ...manifest, permissions })],
    ["mcp.json", text({ mcpServers: { s: { command: "node", args: ["${PLUGIN_ROOT}/s.js", "${DIR}"] } } })],
    [
      "token-schema.json",
      text({ type: "object", properties: { DIR: { type: "string", format: "directory" } } }),
    ],
  ]);
  return validatePackage(files).problems.map((p) => p.code);
}

describe("plugin.json permissions", () => {
  it.each([
    [{ network: "none", filesystem: [{ path: "${DIR}", access: "read-write" }] }, []],
    [{ network: "any", filesystem: [{ path: "${HOME}/Documents", access: "read" }] }, []],
    [{}, []],
    ["all", ["manifest.permissions.type"]],
    [{ network: "some" }, ["manifest.permissions.network.unknown"]],
    [{ network: 1 }, ["manifest.permissions.network.type"]],
    [{ network: ["api.example.com", "*.example.org", "localhost:8080"] }, []],
    [{ network: ["not a host"] }, ["manifest.permissions.network.invalid"]],
    [{ network: [] }, ["manifest.permissions.network.too-few"]],
    [{ filesystem: [{ path: "Documents", access: "read" }] }, ["manifest.permissions.path.relative"]],
    [{ filesystem: [{ path: "/a/../etc", access: "read" }] }, ["manifest.permissions.path.traversal"]],
    [{ filesystem: [{ path: "${NOPE}/x", access: "read" }] }, ["manifest.permissions.path.template"]],
    [{ filesystem: [{ path: "${HOME", access: "read" }] }, ["manifest.permissions.path.template"]],
    [{ filesystem: [{ path: "/x", access: "write" }] }, ["manifest.permissions.filesystem.access.unknown"]],
    [{ filesystem: [{ path: "/x" }] }, ["manifest.permissions.filesystem.access.missing"]],
    [{ filesystem: "/x" }, ["manifest.permissions.filesystem.type"]],
    [
      { filesystem: Array.from({ length: 51 }, (_, i) => ({ path: `/d${i}`, access: "read" })) },
      ["manifest.permissions.filesystem.too-many"],
    ],
  ])("%j → %j", (permissions, expected) => {
    expect(codes(permissions).filter((c) => c.startsWith("manifest.permissions"))).toEqual(expected);
  });

  it("keeps valid permissions in the manifest callers see", () => {
    const files = new Map([
      ["plugin.json", text({ ...manifest, permissions: { network: "none" } })],
      ["mcp.json", text({ mcpServers: { s: { command: "node" } } })],
    ]);
    expect(validatePackage(files).package?.manifest.permissions).toEqual({ network: "none" });
  });
});

describe("docker-launched servers", () => {
  const dockerCodes = (args: string[]) =>
    validatePackage(
      new Map([
        ["plugin.json", text(manifest)],
        [
          "mcp.json",
          text({ mcpServers: { d: { command: "docker", args: ["run", "-i", "--rm", ...args, "img"] } } }),
        ],
      ]),
    )
      .problems.filter((p) => p.code.startsWith("mcp.server.docker"))
      .map((p) => `${p.code} ${p.path}`);

  it.each([
    [[], []],
    [["--privileged"], ["mcp.server.docker.privileged /mcpServers/d/args/3"]],
    [["--network", "host"], ["mcp.server.docker.host-namespace /mcpServers/d/args/3"]],
    [["--net=host"], ["mcp.server.docker.host-namespace /mcpServers/d/args/3"]],
    [["--network", "none"], []],
    [["-v", "/:/host"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [["--mount=type=bind,src=/,dst=/h"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
  ])("%j → %j", (args, expected) => {
    expect(dockerCodes(args)).toEqual(expected);
  });
});
