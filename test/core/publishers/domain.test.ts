import { describe, expect, it } from "vitest";
import {
  describeFound,
  fileProves,
  proofInstructions,
  proofText,
  txtProves,
} from "../../../src/core/publishers/challenge.js";
import { domainCovers, normalizeDomain } from "../../../src/core/publishers/domain.js";

const CHALLENGE = "abcdefghijklmnopqrstuvwxyz012345";

describe("normalizeDomain", () => {
  it.each([
    ["example.com", "example.com"],
    ["  Example.COM. ", "example.com"],
    ["mcp.acme.io", "mcp.acme.io"],
    ["xn--bcher-kva.example", undefined],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["a-b.co", "a-b.co"],
  ])("%j → %j", (input, want) => {
    if (want === undefined) expect(() => normalizeDomain(input)).toThrow(/not a public name/);
    else expect(normalizeDomain(input)).toBe(want);
  });

  it.each([
    ["", /empty/],
    ["com", /two labels/],
    ["localhost", /two labels/],
    ["printer.local", /not a public name/],
    ["db.internal", /not a public name/],
    ["router.home.arpa", /not a public name/],
    ["10.0.0.1", /IP address/],
    ["127.0.0.1", /IP address/],
    ["[::1]", /bare host/],
    ["https://example.com", /bare host/],
    ["example.com/path", /bare host/],
    ["example.com:443", /bare host/],
    ["user@example.com", /bare host/],
    ["exa mple.com", /bare host/],
    ["-bad.com", /label/],
    ["bad-.com", /label/],
    ["a..com", /label/],
    ["bücher.de", /label/],
    ["ex\u0000ample.com", /label/],
    [`${"a".repeat(64)}.com`, /label/],
    [`${"a.".repeat(130)}com`, /longer than 253/],
  ])("refuses %j", (input, why) => {
    let error: unknown;
    try {
      normalizeDomain(input);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: "publisher.domain.invalid", status: 400 });
    expect((error as Error).message).toMatch(why);
    expect((error as Error).message.length).toBeLessThan(200); // hostile input is clipped
  });
});

describe("domainCovers", () => {
  it("an HTTP proof covers its host, a DNS proof its subdomains too", () => {
    expect(domainCovers({ domain: "acme.io", method: "http" }, "acme.io")).toBe(true);
    expect(domainCovers({ domain: "acme.io", method: "http" }, "mcp.acme.io")).toBe(false);
    expect(domainCovers({ domain: "acme.io", method: "dns" }, "mcp.acme.io")).toBe(true);
    expect(domainCovers({ domain: "acme.io", method: "dns" }, "evilacme.io")).toBe(false);
  });
});

describe("the proof text", () => {
  it("says where and what to publish for both methods", () => {
    expect(proofInstructions("acme.io", CHALLENGE)).toEqual({
      http: {
        url: "https://acme.io/.well-known/connectory-publisher",
        body: `connectory-verification=${CHALLENGE}\n`,
      },
      dns: { name: "acme.io", type: "TXT", value: `connectory-verification=${CHALLENGE}` },
    });
  });

  it("a file proves when one of its lines is exactly the proof", () => {
    expect(fileProves(`${proofText(CHALLENGE)}\n`, CHALLENGE)).toBe(true);
    expect(fileProves(`v=MCPv1; k=ed25519; p=xyz\r\n  ${proofText(CHALLENGE)}  \r\n`, CHALLENGE)).toBe(true);
    expect(fileProves(`${proofText(CHALLENGE)}x`, CHALLENGE)).toBe(false);
    expect(fileProves(`prefix ${proofText(CHALLENGE)}`, CHALLENGE)).toBe(false);
    expect(fileProves(proofText(CHALLENGE.toUpperCase()), CHALLENGE)).toBe(false);
    expect(fileProves("", CHALLENGE)).toBe(false);
  });

  it("TXT records prove when one record (its strings joined) is the proof", () => {
    const text = proofText(CHALLENGE);
    expect(txtProves([["v=spf1 -all"], [text]], CHALLENGE)).toBe(true);
    expect(txtProves([[text.slice(0, 10), text.slice(10)]], CHALLENGE)).toBe(true);
    expect(txtProves([["v=spf1 -all"], [text.slice(0, 10)], [text.slice(10)]], CHALLENGE)).toBe(false);
    expect(txtProves([], CHALLENGE)).toBe(false);
  });

  it("says what was found instead", () => {
    expect(describeFound("http", ["connectory-verification=old"])).toMatch(/none with this challenge/);
    expect(describeFound("http", ["<html>"])).toMatch(/no connectory-verification line/);
    expect(describeFound("dns", [])).toMatch(/no TXT record/);
  });
});
