import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { connectServer, paginate, type McpSession, type McpTarget, type McpWorld } from "./mcp-client.js";

/** Everything a server says about itself: the result of `inspect`. */
export interface InspectReport {
  server: string;
  transport: McpSession["transport"];
  serverInfo: Implementation;
  protocolVersion: string;
  capabilities: ServerCapabilities;
  instructions?: string;
  tools: McpTool[];
  /** Present only when the server advertises the capability. */
  resources?: unknown[];
  resourceTemplates?: unknown[];
  prompts?: unknown[];
}

/** Connects, initializes, lists tools, resources and prompts (each only if advertised), and closes. */
export async function inspectServer(target: McpTarget, world: McpWorld): Promise<InspectReport> {
  const session = await connectServer(target, world);
  try {
    const report: InspectReport = {
      server: target.name,
      transport: session.transport,
      serverInfo: session.serverInfo,
      protocolVersion: session.protocolVersion,
      capabilities: session.capabilities,
      ...(session.instructions ? { instructions: session.instructions } : {}),
      tools: await session.listTools(),
    };
    if (session.capabilities.resources) {
      report.resources = await paginate(session, "resources");
      report.resourceTemplates = await optional(paginate(session, "resourceTemplates"));
    }
    if (session.capabilities.prompts) report.prompts = await paginate(session, "prompts");
    return report;
  } finally {
    await session.close();
  }
}

// Many servers advertise `resources` without implementing templates (-32601): not a failure.
async function optional(list: Promise<unknown[]>): Promise<unknown[]> {
  return list.catch(() => []);
}
