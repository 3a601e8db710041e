import { describe, expect, it } from "vitest";
import { sameResource } from "../../cli/auth/discovery.js";

// Issue 31 #10: the protected resource metadata must name the server's URL itself (RFC 9728 §3.3),
// after normalization; a prefix (the origin root, a parent path) is another audience.

const server = new URL("https://mcp.example.com/v1/mcp");

describe("sameResource", () => {
  it.each([
    "https://mcp.example.com/v1/mcp",
    "HTTPS://MCP.Example.COM/v1/mcp",
    "https://mcp.example.com:443/v1/mcp",
    "https://mcp.example.com/v1/mcp#fragment",
    "https://mcp.example.com/v1/mcp/",
  ])("accepts %s", (resource) => {
    expect(sameResource(resource, server)).toBe(true);
  });

  it.each([
    "https://mcp.example.com/",
    "https://mcp.example.com",
    "https://mcp.example.com/v1",
    "https://mcp.example.com/v1/",
    "https://mcp.example.com/v1/mcp/other",
    "https://mcp.example.com/v1/mcpx",
    "http://mcp.example.com/v1/mcp",
    "https://mcp.example.com:8443/v1/mcp",
    "https://other.example.com/v1/mcp",
    "https://mcp.example.com/v1/mcp?tenant=2",
    "not a url",
    "",
  ])("refuses %j", (resource) => {
    expect(sameResource(resource, server)).toBe(false);
  });

  it("refuses a resource that is not a string", () => {
    expect(sameResource(undefined, server)).toBe(false);
    expect(sameResource(["https://mcp.example.com/v1/mcp"], server)).toBe(false);
  });
});
