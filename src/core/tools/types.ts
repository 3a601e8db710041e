/**
 * The MCP tool shape as Connectory handles it (a structural copy of the protocol's `Tool`, so src/core
 * does not depend on the SDK). Unknown fields are kept: servers may send newer protocol fields.
 */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A JSON Schema whose root is an object schema (what MCP requires of `inputSchema`). */
export interface JsonSchemaObject {
  type?: "object";
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
}

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
