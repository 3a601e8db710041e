import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import {
  classifyAddress,
  isPublicAddress,
  parseAllowlist,
  refusal,
} from "../../src/registry/address-guard.js";

describe("classifyAddress", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:0:192.168.0.1", "private"],
    ["64:ff9b::a9fe:a9fe", "metadata"], // NAT64 of 169.254.169.254
    ["2002:7f00:1::1", "loopback"], // 6to4 of 127.0.0.1
    ["2002:7f00:1::", "loopback"], // 6to4 of 127.0.0.1, the subnet address itself
    ["2002:a9fe:a9fe::", "metadata"], // 6to4 of 169.254.169.254
    ["2002:a00:1::5", "private"], // 6to4 of 10.0.0.1
    ["2002:c0a8:101:1::1", "private"], // 6to4 of 192.168.1.1
    ["2002::", "unspecified"], // 6to4 of 0.0.0.0
    ["64:ff9b::7f00:1", "loopback"], // NAT64 of 127.0.0.1
    ["64:ff9b::10.0.0.1", "private"], // NAT64, dotted
    ["64:ff9b::a00:1", "private"],
    ["64:ff9b:1::a9fe:a9fe", "reserved"], // local-use NAT64 (RFC 8215): never public
    ["64:ff9b:1:abcd::8.8.8.8", "reserved"],
    ["::ffff:0:7f00:1", "loopback"], // IPv4-translated
    ["::ffff:a9fe:a9fe", "metadata"],
    ["0:0:0:0:0:ffff:7f00:1", "loopback"], // mapped, written out
    ["::a9fe:a9fe", "reserved"], // IPv4-compatible
    ["::169.254.169.254", "reserved"],
    ["2001::1", "reserved"], // Teredo
    ["::127.0.0.1", "reserved"], // IPv4-compatible
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.2.1", "documentation"],
    ["2001:db8::1", "documentation"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2a00:1450::1",
    "2002:808:808::1", // 6to4 of 8.8.8.8
    "64:ff9b::808:808", // NAT64 of 8.8.8.8
  ])("%s is public", (address) => {
    expect(classifyAddress(address)).toBeUndefined();
    expect(isPublicAddress(address)).toBe(true);
  });
});

// The publisher proofs (src/registry/publishers/proof-fetch.ts) ask the same guard: every row the checker
// refuses, the proof fetch refuses too (these rows were once a second, disagreeing guard).
describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254", // cloud metadata
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "64:ff9b:1::a00:1",
    "2002:7f00:1::",
    "2002:a9fe:a9fe::",
    "::127.0.0.1",
    "2001:db8::1",
    "not-an-ip",
    "",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "accepts %s",
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
});

describe("CHECK_ALLOWLIST", () => {
  it("lets named hosts and addresses/CIDRs through, nothing else", () => {
    const allow = parseAllowlist(" 127.0.0.1, 10.1.0.0/16 ,Internal.Example., [::1]");
    expect(refusal("127.0.0.1", "127.0.0.1", allow)).toBeUndefined();
    expect(refusal("::ffff:127.0.0.1", "x", allow)).toBeUndefined(); // the same address, mapped
    expect(refusal("10.1.200.3", "x", allow)).toBeUndefined();
    expect(refusal("::1", "::1", allow)).toBeUndefined();
    expect(refusal("192.168.0.9", "internal.example", allow)).toBeUndefined();
    expect(refusal("127.0.0.2", "x", allow)?.code).toBe("check.ssrf.loopback");
    expect(refusal("10.2.0.1", "x", allow)?.code).toBe("check.ssrf.private");
    expect(refusal("169.254.169.254", "x", allow)?.code).toBe("check.ssrf.metadata");
    expect(refusal("8.8.8.8", "x", parseAllowlist(""))).toBeUndefined();
  });

  it.each(["10.0.0.0/33", "::1/129", "1.2.3.4/x", "a b", "http://x", "1.2.3.4/8/9", "-bad-.com/3"])(
    "refuses the entry %j with a typed error",
    (entry) => {
      let error: unknown;
      try {
        parseAllowlist(entry);
      } catch (e) {
        error = e;
      }
      expect(isConnectoryError(error) && error.code).toBe("check.allowlist.invalid");
    },
  );

  it("an empty or absent allowlist allows nothing private", () => {
    for (const text of [undefined, "", " , ,"]) {
      expect(refusal("127.0.0.1", "localhost", parseAllowlist(text))?.code).toBe("check.ssrf.loopback");
    }
  });
});
