import { expect, it } from "vitest";
import { clientRuleSettings, mirrorSettings, shutdownSettings } from "../../src/admin/environment.js";

// Issue 28's settings read by `serve`: a bad value is a usage error naming the variable and an example.

it("reads TRUSTED_PROXIES and TRUSTED_PROXY_HEADER, defaulting to trusting nobody", () => {
  expect(clientRuleSettings({})).toEqual({ trust: { kind: "none" }, header: "x-forwarded-for" });
  expect(clientRuleSettings({ TRUSTED_PROXIES: "1", TRUSTED_PROXY_HEADER: "Forwarded" })).toEqual({
    trust: { kind: "hops", hops: 1 },
    header: "forwarded",
  });
});

it.each([
  [{ TRUSTED_PROXIES: "10.0.0.0/99" }, /TRUSTED_PROXIES: "10.0.0.0\/99" has a bad prefix length/],
  [{ TRUSTED_PROXIES: "proxy.internal" }, /TRUSTED_PROXIES: .*not an IP address/],
  [{ TRUSTED_PROXY_HEADER: "x-real-ip" }, /TRUSTED_PROXY_HEADER must be x-forwarded-for or forwarded/],
])("refuses %j", (env, message) => {
  expect(() => clientRuleSettings(env)).toThrow(message);
  try {
    clientRuleSettings(env);
  } catch (error) {
    expect((error as { code?: string }).code).toBe("usage");
  }
});

it("reads DRAIN_SECONDS and SHUTDOWN_TIMEOUT (defaults 0 and 30) and refuses anything but seconds", () => {
  expect(shutdownSettings({})).toEqual({ drainMs: 0, timeoutMs: 30_000 });
  expect(shutdownSettings({ DRAIN_SECONDS: "10", SHUTDOWN_TIMEOUT: "5" })).toEqual({
    drainMs: 10_000,
    timeoutMs: 5_000,
  });
  expect(() => shutdownSettings({ DRAIN_SECONDS: "-1" })).toThrow(
    /DRAIN_SECONDS must be a number of seconds/,
  );
  expect(() => shutdownSettings({ SHUTDOWN_TIMEOUT: "30s" })).toThrow(/SHUTDOWN_TIMEOUT must be a number/);
});

it("reads MIRROR_URLS and MIRROR_INTERVAL (default none, 300 s)", () => {
  expect(mirrorSettings({})).toEqual({ upstreams: [], intervalMs: 300_000 });
  expect(
    mirrorSettings({ MIRROR_URLS: " https://a.example , http://b.example/base ", MIRROR_INTERVAL: "5" }),
  ).toEqual({ upstreams: ["https://a.example", "http://b.example/base"], intervalMs: 5_000 });
});

it.each([
  [
    { MIRROR_URLS: "ftp://a.example" },
    /MIRROR_URLS holds "ftp:\/\/a.example", which is not an http\(s\) base URL/,
  ],
  [{ MIRROR_URLS: "https://a.example/?x=1" }, /not an http\(s\) base URL/],
  [{ MIRROR_INTERVAL: "5m" }, /MIRROR_INTERVAL must be a number of seconds, got "5m"/],
])("refuses %j", (env, message) => {
  expect(() => mirrorSettings(env)).toThrow(message);
});
