import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectoryError } from "../../src/core/errors.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory publisher verify <domain> [--dns]`, in-process against a real registry whose proof
// checks are doubles (the fetcher itself is tested against a local server in test/registry/publishers).

const files = new Map<string, string>();
const txt = new Map<string, string[][]>();
let reg: TestRegistry;
let acme: string;

beforeAll(async () => {
  reg = await createTestRegistry({
    proofs: {
      fetchFile: async (domain) => {
        const body = files.get(domain);
        if (body === undefined)
          throw new ConnectoryError("publisher.proof.failed", `https://${domain}/…: answered 404, not 200`, {
            status: 422,
          });
        return body;
      },
      resolveTxt: async (domain) => txt.get(domain) ?? [],
    },
  });
  acme = await reg.token("acme");
});
afterAll(() => reg.close());

const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
  reg.app.request(input, init)) as typeof fetch;

async function as(token: string | undefined) {
  const home = await tempDir();
  const options = { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchApp };
  if (token) expect((await cli(["login", "default", "--token", token], options)).code).toBe(0);
  return (argv: string[]) => cli(argv, options);
}

describe("connectory publisher verify", () => {
  it("says what to serve where, exits 1 until the proof is there, then verifies", async () => {
    const run = await as(acme);
    const first = await run(["publisher", "verify", "acme.example.com"]);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain("https://acme.example.com/.well-known/connectory-publisher");
    const line = /connectory-verification=[A-Za-z0-9_-]{32}/.exec(first.stdout)![0];

    const pending = await run(["publisher", "verify", "acme.example.com", "--json"]);
    expect(pending.code).toBe(1);
    const doc = JSON.parse(pending.stdout);
    expect(doc).toMatchObject({
      domain: "acme.example.com",
      method: "http",
      status: "pending",
      verified: false,
      marketplace: "default",
      proof: {
        http: { url: "https://acme.example.com/.well-known/connectory-publisher", body: `${line}\n` },
      },
    });
    expect(doc.challenge).toBe(line.split("=")[1]);

    files.set("acme.example.com", `${line}\n`);
    const done = await run(["publisher", "verify", "acme.example.com", "--json"]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ verified: true, status: "verified", method: "http" });
    const again = await run(["publisher", "verify", "acme.example.com"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("acme.example.com is verified");
  });

  it("--dns asks for the TXT record", async () => {
    const run = await as(acme);
    const first = await run(["publisher", "verify", "acme.dev", "--dns", "--json"]);
    expect(first.code).toBe(1);
    const doc = JSON.parse(first.stdout);
    expect(doc.problem.code).toBe("publisher.proof.failed");
    expect(doc.proof.dns).toEqual({
      name: "acme.dev",
      type: "TXT",
      value: `connectory-verification=${doc.challenge}`,
    });
    txt.set("acme.dev", [[doc.proof.dns.value]]);
    const done = await run(["publisher", "verify", "acme.dev", "--dns"]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain("(dns)");
  });

  it("refuses a bad domain before any request, and needs a login", async () => {
    const run = await as(acme);
    const bad = await run(["publisher", "verify", "http://localhost/"]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/not a domain you can prove/);
    const anonymous = await as(undefined);
    const none = await anonymous(["publisher", "verify", "acme.example.com"]);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/login/);
    const missing = await run(["publisher", "verify"]);
    expect(missing.code).toBe(2);
  });
});
