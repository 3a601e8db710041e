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
    // Issue 31 #11: attached and clustered short options, as docker reads them.
    [["-v/:/host"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [["-v=/:/host"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [["-iv", "/:/host"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [["-itv/:/host"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [["--volume", "/:/host"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [["--volumes-from", "other"], ["mcp.server.docker.mount /mcpServers/d/args/3"]],
    [
      ["--pid=host", "--uts", "host"],
      [
        "mcp.server.docker.host-namespace /mcpServers/d/args/3",
        "mcp.server.docker.host-namespace /mcpServers/d/args/4",
      ],
    ],
    [["--cap-add=SYS_ADMIN"], ["mcp.server.docker.privileged /mcpServers/d/args/3"]],
    // A value is not an option: `-e` takes "-v" as its value, and `--name` takes "--privileged".
    [["-e", "-v"], []],
    [["--name", "--privileged"], []],
  ])("%j → %j", (args, expected) => {
    expect(dockerCodes(args)).toEqual(expected);
  });

  it("reads only docker's options: what follows the image belongs to the container", () => {
    const codes = (args: string[]) =>
      validatePackage(
        new Map([
          ["plugin.json", text(manifest)],
          ["mcp.json", text({ mcpServers: { d: { command: "docker", args } } })],
        ]),
      )
        .problems.filter((p) => p.code.startsWith("mcp.server.docker"))
        .map((p) => `${p.code} ${p.path}`);
    expect(codes(["run", "-i", "img", "-v", "/:/host", "--privileged"])).toEqual([]);
    expect(codes(["--context", "remote", "container", "run", "-v", "/:/h", "img"])).toEqual([
      "mcp.server.docker.mount /mcpServers/d/args/4",
    ]);
    // `--` ends docker's options: an image spelled like an option is refused.
    expect(codes(["run", "-i", "--", "-v/:/host"])).toEqual(["mcp.server.docker.image /mcpServers/d/args/3"]);
  });
});

describe("a credential a grant path uses: its default is a clean absolute folder (issue 31 #1)", () => {
  function withDefault(path: string, value: unknown, command = "node"): string[] {
    const files = new Map([
      ["plugin.json", text({ ...manifest, permissions: { filesystem: [{ path, access: "read" }] } })],
      ["mcp.json", text({ mcpServers: { s: { command, args: ["${PLUGIN_ROOT}/s.js"] } } })],
      [
        "token-schema.json",
        text({ type: "object", properties: { SUB: { type: "string", default: value } } }),
      ],
    ]);
    return validatePackage(files)
      .problems.filter((p) => p.severity === "error")
      .map((p) => p.code);
  }

  it.each([
    ["${PLUGIN_ROOT}/${SUB}", "../../../../../.."],
    ["${HOME}/notes/${SUB}", "../.ssh"],
    ["${SUB}", "relative/folder"],
    ["${SUB}", "/srv/./notes"],
    ["${SUB}", "/srv//notes/"],
    ["${SUB}", "/"],
    ["${SUB}", "${HOME}"],
  ])("%s with the default %j is refused", (path, value) => {
    expect(withDefault(path, value)).toContain("manifest.permissions.path.default");
  });

  it.each([
    ["${SUB}", "/srv/notes"],
    ["${HOME}/notes", "/anything"],
  ])("%s with the default %j passes (the defended case)", (path, value) => {
    expect(withDefault(path, value)).toEqual([]);
  });

  it("a '.' segment in a declared path is refused as '..' is", () => {
    expect(codes({ filesystem: [{ path: "/srv/./x", access: "read" }] })).toContain(
      "manifest.permissions.path.traversal",
    );
  });

  it("a command with a '.' or '..' segment is refused at publish (issue 31 #3)", () => {
    expect(withDefault("/srv/x", "/srv/x", "/tmp/../bin/node")).toContain("mcp.server.command.dot-segment");
    expect(withDefault("/srv/x", "/srv/x", "${PLUGIN_ROOT}/./bin/s")).toContain(
      "mcp.server.command.dot-segment",
    );
    expect(withDefault("/srv/x", "/srv/x", "${PLUGIN_ROOT}/bin/s")).toEqual([]);
  });
});
