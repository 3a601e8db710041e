import { describe, expect, it } from "vitest";
import {
  normalizeNode,
  parseForwarded,
  parseTrustedProxies,
  parseXForwardedFor,
  pickClient,
  type TrustedProxies,
} from "../../../src/core/net/forwarded.js";

// TRUSTED_PROXIES (issue 28): which hops are believed about the client's address. Pure rules; the
// BlockList that matches ranges is src/request/client-address.ts's (tested there in-process).

describe("parsing the recorded hops", () => {
  it.each([
    ["203.0.113.7", ["203.0.113.7"]],
    ["203.0.113.7, 10.0.0.2", ["203.0.113.7", "10.0.0.2"]],
    [" 203.0.113.7 ,10.0.0.2:8080", ["203.0.113.7", "10.0.0.2"]],
    ["[2001:db8::1]:4711, 2001:DB8::2", ["2001:db8::1", "2001:db8::2"]],
    ["::ffff:192.0.2.9", ["192.0.2.9"]],
    ["not-an-address, 10.0.0.2", ["", "10.0.0.2"]],
    ["999.1.1.1", [""]],
    ["", []],
  ])("X-Forwarded-For %j → %j", (header, hops) => {
    expect(parseXForwardedFor(header)).toEqual(hops);
  });

  it.each([
    ["for=192.0.2.60;proto=http;by=203.0.113.43", ["192.0.2.60"]],
    ['for="[2001:db8:cafe::17]:4711"', ["2001:db8:cafe::17"]],
    ["for=192.0.2.43, for=198.51.100.17", ["192.0.2.43", "198.51.100.17"]],
    ["For=unknown, for=_hidden", ["", ""]],
    ["proto=https", [""]],
  ])("Forwarded %j → %j", (header, hops) => {
    expect(parseForwarded(header)).toEqual(hops);
  });

  it("reads at most 32 hops, the newest, whatever the header's length", () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `10.0.${i % 256}.1`).join(",");
    const hops = parseXForwardedFor(header);
    expect(hops).toHaveLength(32);
    expect(hops.at(-1)).toBe("10.0.15.1");
  });

  it("normalizes only real addresses", () => {
    expect(normalizeNode("[::1]")).toBe("::1");
    expect(normalizeNode("[::1")).toBe("");
    expect(normalizeNode("1.2.3.4:5")).toBe("1.2.3.4");
    expect(normalizeNode("<script>")).toBe("");
  });
});

describe("TRUSTED_PROXIES", () => {
  it.each([
    [undefined, { kind: "none" }],
    ["", { kind: "none" }],
    ["0", { kind: "none" }],
    ["2", { kind: "hops", hops: 2 }],
    ["10.0.0.0/8", { kind: "ranges", ranges: [{ address: "10.0.0.0", prefix: 8, family: "ipv4" }] }],
    [
      "192.0.2.1, fd00::/8",
      {
        kind: "ranges",
        ranges: [
          { address: "192.0.2.1", prefix: 32, family: "ipv4" },
          { address: "fd00::", prefix: 8, family: "ipv6" },
        ],
      },
    ],
  ])("%j parses", (text, expected) => {
    expect(parseTrustedProxies(text)).toEqual(expected);
  });

  it("knows loopback, linklocal and uniquelocal", () => {
    const parsed = parseTrustedProxies("loopback,uniquelocal");
    expect(parsed.kind === "ranges" && parsed.ranges.map((r) => `${r.address}/${r.prefix}`)).toEqual([
      "127.0.0.0/8",
      "::1/128",
      "10.0.0.0/8",
      "172.16.0.0/12",
      "192.168.0.0/16",
      "fc00::/7",
    ]);
  });

  it.each([
    ["10.0.0.0/33", /bad prefix length/],
    ["example.com", /not an IP address/],
    ["10.0.0.1/x", /bad prefix length/],
    ["99", /at most 32/],
    ["fe80::1%eth0", /not an IP address/],
  ])("%j is refused, naming the entry", (text, message) => {
    expect(() => parseTrustedProxies(text)).toThrow(message);
  });
});

describe("which hop is the client", () => {
  const ranges = parseTrustedProxies("10.0.0.0/8");
  const inTen = (a: string) => a.startsWith("10.");
  const none: TrustedProxies = { kind: "none" };

  it("without trusted proxies: always the peer, whatever the headers say", () => {
    expect(pickClient("203.0.113.7", ["1.1.1.1"], none, () => true)).toBe("203.0.113.7");
  });

  it("from a trusted peer: the right-most untrusted hop (a forged left part is ignored)", () => {
    // The client forged "6.6.6.6"; the balancer (10.0.0.2) appended the real client, 203.0.113.7.
    expect(pickClient("10.0.0.2", ["6.6.6.6", "203.0.113.7"], ranges, inTen)).toBe("203.0.113.7");
    // Two trusted proxies in a row.
    expect(pickClient("10.0.0.2", ["6.6.6.6", "203.0.113.7", "10.0.0.9"], ranges, inTen)).toBe("203.0.113.7");
  });

  it("from an untrusted peer: the peer, the headers ignored", () => {
    expect(pickClient("203.0.113.7", ["10.0.0.2"], ranges, inTen)).toBe("203.0.113.7");
  });

  it("every hop trusted: the oldest one", () => {
    expect(pickClient("10.0.0.2", ["10.0.0.3"], ranges, inTen)).toBe("10.0.0.3");
  });

  it("a hop that is no address stops the walk at the proxy that wrote it", () => {
    expect(pickClient("10.0.0.2", ["203.0.113.7", ""], ranges, inTen)).toBe("10.0.0.2");
  });

  it("a hop count takes that many hops back, never past the oldest", () => {
    const one: TrustedProxies = { kind: "hops", hops: 1 };
    const two: TrustedProxies = { kind: "hops", hops: 2 };
    expect(pickClient("10.0.0.2", ["6.6.6.6", "203.0.113.7"], one, () => true)).toBe("203.0.113.7");
    expect(pickClient("10.0.0.2", ["6.6.6.6", "203.0.113.7"], two, () => true)).toBe("6.6.6.6");
    expect(pickClient("10.0.0.2", ["203.0.113.7"], two, () => true)).toBe("203.0.113.7");
  });
});
