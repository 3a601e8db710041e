import type { Attributes } from "./telemetry-types.js";
import type { Span, Telemetry } from "./telemetry.js";

/**
 * The OpenTelemetry semantic conventions for MCP in one place: span names (`{mcp.method.name}
 * {target}`, the target a tool or prompt name, never a resource URI), attributes, the error
 * type, and the duration histograms, for the client side (`run` and the gateway calling a server)
 * and the server side (the gateway answering a host).
 */
export interface McpRequest {
  method: string;
  params?: Record<string, unknown> | undefined;
  id: string | number;
  sessionId: string;
  /** `pipe` (stdio) or `tcp` (streamable HTTP, SSE). */
  transport: "pipe" | "tcp";
  protocolVersion?: string | undefined;
}

/** A started MCP span and what its histogram point needs. */
export interface McpSpan {
  span: Span;
  side: "client" | "server";
  started: number;
  /** The histogram point's attributes: shared by every span of the same set, never changed. */
  metric: Attributes;
  /** JSON.stringify(metric), the histogram's key for the set. */
  metricKey: string;
}

/** A histogram attribute set and its key, made once per method, transport and tool or prompt. */
interface MetricSet {
  metric: Attributes;
  key: string;
}
/** transport → method → tool or prompt name ("" for none) → its set. */
const metricSets = new Map<string, Map<string, Map<string, MetricSet>>>();
let metricSetCount = 0;
/** Past this many sets (names a host made up), a set is made per span instead of kept. */
const MAX_METRIC_SETS = 1024;

/**
 * The histogram attributes of a request, kept (issue 26's overhead budget: the key was one
 * JSON.stringify and the hash of a new string per span, two spans per gateway call).
 */
function metricSet(method: string, transport: string, tool: string | undefined, prompt: string | undefined) {
  let byMethod = metricSets.get(transport);
  if (!byMethod) metricSets.set(transport, (byMethod = new Map()));
  let byName = byMethod.get(method);
  if (!byName) byMethod.set(method, (byName = new Map()));
  const name = tool ?? prompt ?? "";
  let set = byName.get(name);
  if (set) return set;
  const metric: Attributes = { "mcp.method.name": method, "network.transport": transport };
  if (tool) metric["gen_ai.tool.name"] = tool;
  if (prompt) metric["gen_ai.prompt.name"] = prompt;
  set = { metric, key: JSON.stringify(metric) };
  if (metricSetCount < MAX_METRIC_SETS) {
    byName.set(name, set);
    metricSetCount++;
  }
  return set;
}

export function startMcpSpan(telemetry: Telemetry, side: "client" | "server", request: McpRequest): McpSpan {
  const { method, params } = request;
  const attributes: Attributes = {
    "mcp.method.name": method,
    "mcp.session.id": request.sessionId,
    "jsonrpc.request.id": String(request.id),
    "network.transport": request.transport,
  };
  if (request.protocolVersion) attributes["mcp.protocol.version"] = request.protocolVersion;
  const name = typeof params?.name === "string" ? params.name : undefined;
  if (method === "tools/call" && name) {
    attributes["gen_ai.tool.name"] = name;
    attributes["gen_ai.operation.name"] = "execute_tool";
  }
  if (method === "prompts/get" && name) attributes["gen_ai.prompt.name"] = name;
  if (typeof params?.uri === "string" && method.startsWith("resources/"))
    attributes["mcp.resource.uri"] = params.uri;
  const meta = params?._meta as { traceparent?: unknown } | undefined;
  const span = telemetry.startSpan(name ? `${method} ${name}` : method, side, attributes, meta?.traceparent);
  const { metric, key } = metricSet(
    method,
    request.transport,
    attributes["gen_ai.tool.name"] ? name : undefined,
    attributes["gen_ai.prompt.name"] ? name : undefined,
  );
  return { span, side, started: telemetry.now(), metric, metricKey: key };
}

/**
 * Ends the span with the answer: a JSON-RPC error (its code as error.type and
 * rpc.response.status_code) or a tool result with isError (error.type `tool_error`) set the status to
 * Error; the duration goes to `mcp.{client,server}.operation.duration`. `content`: the answer's text
 * to record (only when the user opted in, and it is the guarded answer).
 */
export function endMcpSpan(
  telemetry: Telemetry,
  s: McpSpan,
  answer: { error?: { code: number; message?: string }; result?: Record<string, unknown> },
  content?: { arguments?: unknown; result?: unknown },
): void {
  let error: { type: string; message?: string } | undefined;
  if (answer.error) {
    error = {
      type: String(answer.error.code),
      ...(answer.error.message ? { message: answer.error.message } : {}),
    };
    s.span.setAttributes({ "rpc.response.status_code": String(answer.error.code) });
  } else if (answer.result?.isError === true) error = { type: "tool_error" };
  if (content?.arguments !== undefined)
    s.span.setAttributes({ "gen_ai.tool.call.arguments": JSON.stringify(content.arguments) });
  if (content?.result !== undefined)
    s.span.setAttributes({ "gen_ai.tool.call.result": JSON.stringify(content.result) });
  s.span.end(error);
  const name = s.side === "server" ? "mcp.server.operation.duration" : "mcp.client.operation.duration";
  const seconds = (telemetry.now() - s.started) / 1000;
  if (error) telemetry.record(name, seconds, { ...s.metric, "error.type": error.type });
  else telemetry.record(name, seconds, s.metric, s.metricKey);
}
