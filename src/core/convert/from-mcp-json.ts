import { buildPackage } from "./build-package.js";
import { claudeServers, serversOf } from "./claude-servers.js";
import { CredentialSet } from "./inputs.js";
import { connectorName, version } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { refuse, type Conversion, type ConvertOptions } from "./types.js";

/**
 * A bare `.mcp.json` (Claude Code's, in either shape) → connector named after `name` (the caller passes the
 * folder's name when the user gives none). `${VAR}` / `${VAR:-default}` become credentials.
 */
export function fromMcpJson(json: unknown, name: string, options: ConvertOptions = {}): Conversion {
  const notes: ConvertNote[] = [];
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return refuse(
      "convert.refused.shape",
      '.mcp.json must be an object: { "mcpServers": { … } } or { "<server>": { … } }',
    );
  const connector = connectorName(name, notes, "");
  if (!connector)
    return refuse("convert.refused.name", `"${name}" leaves no usable connector name: pass --name`, notes);
  const credentials = new CredentialSet(notes);
  const { servers } = claudeServers(serversOf(json) as Record<string, unknown>, {}, credentials, notes);
  if (Object.keys(servers).length === 0)
    return refuse(
      "convert.refused.no-server",
      "the file declares no server Connectory can run (see the notes)",
      notes,
      name,
    );
  notes.push(
    note(
      "convert.description.missing",
      "",
      "an .mcp.json has no description: edit plugin.json before publishing",
    ),
  );
  return buildPackage(
    {
      name: connector,
      version: version(undefined, notes),
      publisher: options.publisher ?? connector,
      description: `${Object.keys(servers).join(", ")}: MCP server${Object.keys(servers).length > 1 ? "s" : ""} converted from .mcp.json`,
      tags: [],
      servers,
      credentials: credentials.properties,
      required: credentials.required,
      provenance: {
        format: "mcp-json",
        upstreamName: name,
        ...(options.origin ? { origin: options.origin } : {}),
      },
    },
    notes,
  );
}
