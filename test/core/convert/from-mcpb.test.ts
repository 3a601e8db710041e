import { describe, expect, it } from "vitest";
import { fromMcpb } from "../../../src/core/convert/from-mcpb.js";
import { json, strictFailures } from "./real-world.js";

const MANIFEST = {
  manifest_version: "0.3",
  name: "acme-files",
  display_name: "Acme Files",
  version: "1.0.0",
  description: "Files.",
  author: { name: "Acme" },
  server: {
    type: "node",
    entry_point: "server/index.js",
    mcp_config: {
      command: "node",
      args: ["${__dirname}/server/index.js", "${user_config.root}", "--limit", "${user_config.limit}"],
      env: { ACME_KEY: "${user_config.api_key}", HOME_DIR: "${HOME}" },
      platform_overrides: { win32: { command: "node.exe" } },
    },
  },
  user_config: {
    root: { type: "directory", title: "Root", multiple: true, required: true, default: ["${HOME}"] },
    limit: { type: "number", title: "Limit", min: 1, max: 50, default: 10 },
    api_key: { type: "string", title: "Key", sensitive: true, required: true },
  },
  tools: [{ name: "read", description: "Read a file" }],
};

describe("fromMcpb", () => {
  it("maps user_config, ${__dirname} and overrides, with notes for what it cannot carry", () => {
    const files = new Map([["server/index.js", new TextEncoder().encode("//")]]);
    const r = fromMcpb(MANIFEST, { files });
    if (!r.ok) throw new Error(r.message);
    expect(strictFailures(r.files)).toEqual([]);
    expect(json(r.files, "mcp.json").mcpServers["acme-files"]).toEqual({
      command: "node",
      args: ["${PLUGIN_ROOT}/server/index.js", "${ROOT}", "--limit", "${LIMIT}"],
      env: { ACME_KEY: "${API_KEY}", HOME_DIR: "$ {HOME}" },
    });
    const schema = json(r.files, "token-schema.json");
    expect(schema.properties.LIMIT).toMatchObject({ type: "number", minimum: 1, maximum: 50, default: 10 });
    expect(schema.properties.API_KEY.secret).toBe(true);
    expect(schema.required).toEqual(["API_KEY", "ROOT"]);
    expect(r.files.has("server/index.js")).toBe(true);
    expect(r.tools?.map((t) => t.name)).toEqual(["read"]);
    expect(r.notes.map((n) => n.code)).toEqual(
      expect.arrayContaining([
        "convert.platform.override",
        "convert.template.unknown",
        "convert.template.default-dropped",
        "convert.credential.multiple",
      ]),
    );
  });

  it("notes bundle code that was not given, and refuses a manifest without a server", () => {
    const r = fromMcpb(MANIFEST);
    expect(r.notes.map((n) => n.code)).toContain("convert.bundle.files-missing");
    expect(fromMcpb({ name: "x" })).toMatchObject({ ok: false, code: "convert.refused.no-server" });
    expect(fromMcpb("nope")).toMatchObject({ ok: false, code: "convert.refused.shape" });
    const commandTemplate = { ...MANIFEST, server: { mcp_config: { command: "${user_config.api_key}" } } };
    expect(fromMcpb(commandTemplate)).toMatchObject({ ok: false, code: "convert.refused.no-server" });
  });
});
