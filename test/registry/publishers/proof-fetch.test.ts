import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchProofFile, MAX_PROOF_BYTES } from "../../../src/registry/publishers/proof-fetch.js";

// The proof fetcher against a real local HTTP server (the test-only base URL): what it reads, and every
// way it refuses: status, redirect, size (declared and streamed), deadline, and private addresses.

const hits: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    const host = req.headers.host ?? "";
    if (req.url !== "/.well-known/connectory-publisher") return void res.writeHead(404).end("no");
    if (host === "ok.example.com") return void res.end("connectory-verification=abc\n");
    if (host === "moved.example.com")
      return void res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    if (host === "missing.example.com") return void res.writeHead(404).end();
    if (host === "declared-big.example.com")
      return void res
        .writeHead(200, { "content-length": String(MAX_PROOF_BYTES + 1) })
        .end("x".repeat(MAX_PROOF_BYTES + 1));
    if (host === "streamed-big.example.com") {
      res.writeHead(200); // chunked: no length to refuse up front
      const chunk = "y".repeat(1024);
      for (let i = 0; i < 64; i++) res.write(chunk);
      return void res.end();
    }
    if (host === "slow.example.com") {
      res.writeHead(200);
      res.write("connectory-");
      return; // never ends
    }
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchAt = (domain: string, timeoutMs = 2000) => fetchProofFile(domain, { baseUrl: base, timeoutMs });
const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeDefined();
  return error as { code: string; message: string; status: number };
};

describe("fetchProofFile", () => {
  it("reads the file, sending the domain as Host", async () => {
    expect(await fetchAt("ok.example.com")).toBe("connectory-verification=abc\n");
    expect(hits).toContain("ok.example.com /.well-known/connectory-publisher");
  });

  it("refuses a non-200 answer", async () => {
    const error = await failure(fetchAt("missing.example.com"));
    expect(error).toMatchObject({ code: "publisher.proof.failed", status: 422 });
    expect(error.message).toMatch(/answered 404, not 200/);
  });

  it("does not follow a redirect (here to the metadata address)", async () => {
    const error = await failure(fetchAt("moved.example.com"));
    expect(error.message).toMatch(/302 \(a redirect\)/);
  });

  it("refuses a file declared larger than the cap, and one that streams past it", async () => {
    expect((await failure(fetchAt("declared-big.example.com"))).message).toMatch(
      /4097 bytes, more than the 4096/,
    );
    expect((await failure(fetchAt("streamed-big.example.com"))).message).toMatch(/more than the 4096 bytes/);
  });

  it("gives up at the deadline on a server that never finishes", async () => {
    const error = await failure(fetchAt("slow.example.com", 300));
    expect(error.message).toMatch(/within 300 ms/);
  });

  it("refuses, without connecting, a domain that resolves to a loopback, private or metadata address", async () => {
    for (const address of ["127.0.0.1", "10.0.0.7", "169.254.169.254", "::1", "::ffff:192.168.0.1"]) {
      const before = hits.length;
      const error = await failure(
        fetchProofFile("evil.example.com", {
          lookup: async () => [
            { address: "93.184.216.34", family: 4 },
            { address, family: address.includes(":") ? 6 : 4 },
          ],
        }),
      );
      expect(error).toMatchObject({ code: "publisher.proof.blocked", status: 422 });
      expect(error.message).toContain(address);
      expect(hits.length).toBe(before);
    }
  });

  it("refuses a name that resolves to loopback through the real resolver (localhost)", async () => {
    const error = await failure(fetchProofFile("localhost"));
    expect(error.code).toBe("publisher.proof.blocked");
  });

  it("says so when the name does not resolve", async () => {
    const error = await failure(
      fetchProofFile("nowhere.example.com", {
        lookup: async () => {
          throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
        },
      }),
    );
    expect(error.message).toMatch(/does not resolve \(ENOTFOUND\)/);
  });
});
