import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../../src/core/errors.js";
import { classifyAddress, parseAllowlist, refusal } from "../../../src/registry/checks/address-guard.js";

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
  ])("%s is public", (address) => {
    expect(classifyAddress(address)).toBeUndefined();
  });
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
