import { describe, expect, it } from "vitest";
import { fromDockerServer } from "../../../src/core/convert/from-docker.js";
import { json, strictFailures } from "./real-world.js";

const SERVER = `name: acme_db
image: mcp/acme-db
type: server
meta:
  category: database
  tags: [sql, boating]
about:
  title: Acme DB
  description: Query Acme databases.
source:
  project: https://github.com/acme/db-mcp
  commit: 0123456789abcdef0123456789abcdef01234567
run:
  command: ["--mode={{acme_db.mode}}"]
  volumes: ["{{acme_db.data}}:/data"]
  allowHosts: [api.acme.example:443]
config:
  secrets:
    - name: acme_db.token
      env: ACME_TOKEN
      example: tok_123
  env:
    - name: ACME_URL
      value: "{{acme_db.url}}"
  parameters:
    type: object
    properties:
      mode: { type: string, default: ro }
      data: { type: string, description: Data folder }
      url: { type: string }
    required: [data, url]
oauth:
  - provider: acme
    secret: acme_db.token
    env: ACME_TOKEN
`;

describe("fromDockerServer", () => {
  it("runs the image with docker run -i --rm, secrets and parameters as credentials, tools.json kept", () => {
    const r = fromDockerServer(SERVER, [
      { name: "query", description: "Run SQL", inputSchema: { type: "object" } },
    ]);
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "mcp.json").mcpServers["acme-db"]).toEqual({
      command: "docker",
      args: [
        "run",
        "-i",
        "--rm",
        "-e",
        "ACME_TOKEN",
        "-e",
        "ACME_URL",
        "-v",
        "${DATA}:/data",
        "mcp/acme-db",
        "--mode=${MODE}",
      ],
      env: { ACME_TOKEN: "${ACME_TOKEN}", ACME_URL: "${URL}" },
    });
    const schema = json(r.files, "token-schema.json");
    expect(schema.properties.ACME_TOKEN).toMatchObject({ secret: true, examples: ["tok_123"] });
    expect(schema.properties.MODE.default).toBe("ro");
    expect(schema.required).toEqual(["ACME_TOKEN", "DATA", "URL"]);
    expect(json(r.files, "plugin.json")).toMatchObject({
      name: "acme-db",
      publisher: "acme",
      categories: ["databases"],
      version: "0.0.0-docker.g0123456789ab",
    });
    expect(r.tools).toEqual([
      { name: "query", server: "acme-db", description: "Run SQL", inputSchema: { type: "object" } },
    ]);
    expect(r.notes.map((n) => n.code)).toEqual(
      expect.arrayContaining(["convert.oauth.manual", "convert.docker.option", "convert.tools.reported"]),
    );
  });

  it("makes a remote entry a remote server", () => {
    const r = fromDockerServer(
      "name: far\ntype: remote\nabout: { description: Far away }\nremote:\n  transport_type: sse\n  url: https://far.example/sse\n  headers: { Authorization: 'Bearer {{far.token}}' }\n",
    );
    if (!r.ok) throw new Error(r.message);
    expect(json(r.files, "mcp.json").mcpServers.far).toEqual({
      type: "sse",
      url: "https://far.example/sse",
      headers: { Authorization: "Bearer ${TOKEN}" },
    });
  });

  it("makes a remote entry with an oauth section sign in with OAuth, its scopes kept, its provider noted", () => {
    const r = fromDockerServer(
      "name: linear-remote\ntype: remote\nabout: { description: Linear }\nremote:\n  transport_type: streamable-http\n  url: https://mcp.linear.app/mcp\noauth:\n  - provider: linear\n    secret: linear.personal_access_token\n    env: LINEAR_TOKEN\n    scopes: [read, write, 'not a scope']\n  - not-a-mapping\n",
    );
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "mcp.json").mcpServers["linear-remote"]).toEqual({
      type: "streamable-http",
      url: "https://mcp.linear.app/mcp",
      oauth: { scopes: ["read", "write"] },
    });
    expect(r.files.has("token-schema.json") ? json(r.files, "token-schema.json").required : []).toEqual([]);
    const codes = r.notes.map((n) => n.code);
    expect(codes).toEqual(expect.arrayContaining(["convert.oauth.mapped", "convert.oauth.dropped"]));
    expect(codes).not.toContain("convert.oauth.manual");
    expect(r.notes.find((n) => n.code === "convert.oauth.mapped")?.message).toContain("linear");
  });

  it.each([
    ["not YAML", "name: [unclosed", "convert.refused.not-yaml"],
    ["a list", "- a\n- b\n", "convert.refused.shape"],
    ["no name", "type: server\nimage: x\n", "convert.refused.shape"],
    ["a tool container", "name: curl\ntype: poci\n", "convert.refused.not-a-connector"],
    [
      "an alias bomb",
      `a: &a [x,x,x,x,x,x,x,x,x]\n${Array.from({ length: 12 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`).join("\n")}\nname: bomb\n`,
      "convert.refused.not-yaml",
    ],
    ["oversized", `name: big\ndescription: "${"x".repeat(1024 * 1024)}"\n`, "convert.refused.too-large"],
    // Issue 31 #11: docker reads an image spelled like an option as one (`-v/:/host` mounts the host).
    [
      "an image spelled like an option",
      'name: evil\ntype: server\nimage: "-v/:/host"\n',
      "convert.refused.shape",
    ],
    [
      "an image spelled like a flag",
      'name: evil\ntype: server\nimage: "--privileged"\n',
      "convert.refused.shape",
    ],
  ])("refuses %s with a code", (_, text, code) => {
    expect(fromDockerServer(text)).toMatchObject({ ok: false, code });
  });
});
