import { describe, expect, it } from "vitest";
import { hostAllowed, proxyTarget } from "../../../src/core/sandbox/host-allowlist.js";

describe("hostAllowed", () => {
  it.each([
    [["api.example.com"], "api.example.com", 443, true],
    [["api.example.com"], "API.Example.com.", 80, true],
    [["api.example.com"], "example.com", 443, false],
    [["api.example.com"], "api.example.com.evil.net", 443, false],
    [["api.example.com"], "xapi.example.com", 443, false],
    [["api.example.com:443"], "api.example.com", 443, true],
    [["api.example.com:443"], "api.example.com", 80, false],
    [["*.example.com"], "a.example.com", 443, true],
    [["*.example.com"], "a.b.example.com", 443, true],
    [["*.example.com"], "example.com", 443, false],
    [["*.example.com"], "badexample.com", 443, false],
    [["*.example.com:8443"], "a.example.com", 443, false],
    [["localhost"], "localhost", 8080, true],
    [["localhost"], "127.0.0.1", 8080, false],
    [["127.0.0.1"], "127.0.0.1", 8080, true],
    [["localhost"], "localhost", 0, false],
    [["localhost"], "localhost", 70000, false],
    [["localhost"], "", 80, false],
    [[], "localhost", 80, false],
  ])("%j allows %s:%i → %s", (list, host, port, expected) => {
    expect(hostAllowed(list, host, port)).toBe(expected);
  });
});

describe("proxyTarget", () => {
  it.each([
    ["CONNECT", "api.example.com:443", { host: "api.example.com", port: 443 }],
    ["CONNECT", "[::1]:443", { host: "::1", port: 443 }],
    ["CONNECT", "api.example.com", undefined],
    ["CONNECT", "a b:443", undefined],
    ["GET", "http://localhost:8080/x?y", { host: "localhost", port: 8080 }],
    ["GET", "http://example.com/", { host: "example.com", port: 80 }],
    ["GET", "/relative", undefined],
    ["GET", "https://example.com/", undefined],
    ["GET", "ftp://example.com/", undefined],
  ])("%s %s → %j", (method, url, expected) => {
    expect(proxyTarget(method, url)).toEqual(expected);
  });
});
