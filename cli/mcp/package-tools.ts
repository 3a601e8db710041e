import { validateCredentials } from "../../src/core/credentials.js";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import { errorText, localizedError, sayEnglish } from "../terminal/language.js";
import { secretKeys } from "../../src/core/secrets.js";
import { renderServers } from "../../src/core/templates.js";
import {
  MAX_SCHEMA_BYTES,
  MAX_SCHEMA_DEPTH,
  MAX_TOOLS,
  MAX_TOOLS_BYTES,
  toolsReportBody,
} from "../../src/core/tools/report.js";
import type { McpTool } from "../../src/core/tools/types.js";
import type { ServerSet, TokenSchema } from "../../src/core/types.js";
import { collectCredentials, type EnvConsent } from "../install/collect-credentials.js";
import type { CommandContext } from "../context.js";
import {
  renderPermissions,
  type Permissions,
  type SandboxRequest,
} from "../../src/core/sandbox/permissions.js";
import { connectServer, type McpWorld } from "./mcp-client.js";
import { hideSecrets } from "./mcp-targets.js";

/** One tool as `publish --with-tools` reports it (PUT /v1/connectors/:name/:version/tools). */
export interface ReportedTool {
  name: string;
  /** The package's server (mcp.json key) that lists it. */
  server: string;
  title?: string;
  description?: string;
  inputSchema: McpTool["inputSchema"];
  annotations?: Record<string, unknown>;
}

export interface PackageToolsInput {
  /** The package folder: `${PLUGIN_ROOT}` of its bundled servers. */
  root: string;
  servers: ServerSet;
  tokenSchema: TokenSchema | undefined;
  /** plugin.json `permissions`: its servers are listed inside the sandbox they will run in. */
  permissions?: Permissions;
  /** The connector's name, for messages. */
  label: string;
  /** `--config KEY=VALUE` pairs. */
  given: Record<string, string>;
  /** `--config-from-env` / `--config-env KEY`: which keys the environment may fill. */
  fromEnv?: EnvConsent | undefined;
  /** The command to run again with credentials, shown when some are missing or invalid. */
  retry: string;
}

/** The package's permissions with its credentials and PLUGIN_ROOT filled, as the merge fills them. */
function packageSandbox(input: PackageToolsInput, values: Record<string, unknown>): SandboxRequest {
  const fill: Record<string, string> = { PLUGIN_ROOT: input.root, HOME: "${HOME}" };
  for (const [k, v] of Object.entries(values)) fill[k] = String(v);
  return {
    permissions: renderPermissions(input.permissions as Permissions, fill),
    pluginRoot: input.root,
    connector: input.label,
  };
}

/**
 * Launches every server of a package as `connectory inspect` would once it is installed (bundled stdio
 * servers with PLUGIN_ROOT = the folder, remote ones with their rendered headers) and lists its tools.
 * Any server that cannot be reached, or credentials that are missing, throw: a report that leaves out a
 * server would be wrong, and nothing is published then. Secret values never reach the result.
 */
export async function listPackageTools(
  ctx: Pick<CommandContext, "env" | "stdin" | "stderr">,
  world: McpWorld,
  input: PackageToolsInput,
): Promise<ReportedTool[]> {
  const collected = await collectCredentials(ctx, {
    schema: input.tokenSchema,
    label: input.label,
    given: input.given,
    fromEnv: input.fromEnv,
    interactive: false,
    retry: input.retry,
  });
  // Defaults fill what nobody supplied, exactly as the merge does for an installed connector.
  const values = input.tokenSchema
    ? validateCredentials(input.tokenSchema, collected.values).values
    : collected.values;
  const rendered = renderServers(input.servers, values, input.root, secretKeys(input.tokenSchema));
  if (rendered.status === "needs-credentials") {
    const missing = rendered.missing;
    throw localizedError(
      "publish.tools.credentials",
      { key: "publish.tools-credentials", params: { label: input.label, keys: missing.join(", ") } },
      {
        key: "publish.tools-credentials-hint",
        params: { retry: input.retry.replace("KEY=VALUE", `${missing[0]}=…`) },
      },
    );
  }
  const tools: ReportedTool[] = [];
  for (const [server, spec] of Object.entries(rendered.servers)) {
    let listed: McpTool[];
    try {
      const target = { name: server, spec, secretValues: rendered.secretValues };
      const sandbox = input.permissions && packageSandbox(input, values);
      const session = await connectServer(sandbox ? { ...target, sandbox } : target, world);
      try {
        listed = await session.listTools();
      } finally {
        await session.close();
      }
    } catch (error) {
      if (!isConnectoryError(error)) throw error;
      // The MCP errors are already redacted; they say what failed (not found, exited, 401, timeout…).
      const inner = errorText(error);
      const fallback = { key: "publish.tools-inspect-hint" as const };
      throw new ConnectoryError(
        "publish.tools.inspect",
        sayEnglish("publish.tools-inspect", { server, code: error.code, why: error.message }),
        {
          hint: error.hint ?? sayEnglish(fallback.key),
          cause: error,
          localized: {
            message: {
              key: "publish.tools-inspect",
              params: { server, code: error.code, why: inner.message },
            },
            ...(error.hint === undefined
              ? { hint: fallback }
              : error.localized?.hint
                ? { hint: error.localized.hint }
                : {}),
          },
        },
      );
    }
    for (const tool of listed) tools.push(reported(server, tool));
  }
  // A server echoing a credential in a description must not publish it to the registry.
  const safe = hideSecrets(tools, rendered.secretValues);
  checkReport(safe, Object.keys(input.servers), input.label);
  return safe;
}

/**
 * Refuses, before anything is uploaded, a report the registry would refuse after the upload (too many
 * tools, a body over 1 MiB, an oversized or too deep inputSchema, …): the same check the registry runs.
 */
function checkReport(tools: ReportedTool[], servers: string[], label: string): void {
  const { problems } = toolsReportBody(tools, servers);
  if (problems.length === 0) return;
  // Name the tool a problem is about: "/tools/41/inputSchema" alone sends the publisher counting.
  const named = problems.map((p) => {
    const tool = tools[Number(/^\/tools\/(\d+)/.exec(p.path)?.[1] ?? Number.NaN)];
    return tool ? { ...p, message: `tool "${tool.name}" of server "${tool.server}": ${p.message}` } : p;
  });
  throw localizedError(
    "publish.tools.invalid",
    { key: "publish.tools-limits", params: { label, n: problems.length } },
    {
      key: "publish.tools-limits-hint",
      params: { tools: MAX_TOOLS, bytes: MAX_TOOLS_BYTES, schema: MAX_SCHEMA_BYTES, depth: MAX_SCHEMA_DEPTH },
    },
    { problems: named },
  );
}

/** The fields the registry keeps of a tool (it drops anything else anyway). */
function reported(server: string, tool: McpTool): ReportedTool {
  return {
    name: tool.name,
    server,
    ...(typeof tool.title === "string" ? { title: tool.title } : {}),
    ...(typeof tool.description === "string" ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  };
}
