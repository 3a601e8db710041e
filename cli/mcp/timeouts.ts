/**
 * How long a request to a server may take before it is reported as timed out (inspect, run's guard). Its
 * own module: `run` of a stdio server needs it without loading the MCP SDK's client (mcp-client.ts).
 */
export const DEFAULT_TIMEOUT_MS = 15_000;
