import { describe, expect, it } from "vitest";
import { isConnectoryError, type ConnectoryError } from "../../../src/core/errors.js";
import { RegistryClient } from "../../../cli/registry/registry-client.js";
import { normalizeConnector } from "../../../cli/registry/registry-documents.js";
import { resolveVersion } from "../../../src/core/resolve-version.js";

const BASE = "http://registry.test";

/** A client whose fetch answers with `respond(url)`. */
function client(respond: (url: string) => Response | Promise<Response>): RegistryClient {
  return new RegistryClient(`${BASE}/`, (async (input: string | URL | Request) =>
    respond(String(input))) as typeof fetch);
}

async function failure(p: Promise<unknown>): Promise<ConnectoryError> {
  try {
    await p;
  } catch (error) {
    if (isConnectoryError(error)) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

const problem = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/problem+json" } });

describe("RegistryClient", () => {
  it("turns problem+json into a ConnectoryError with the registry's code, detail, hint and errors", async () => {
    const e = await failure(
      client(() =>
        problem(422, {
          type: "x",
          title: "Unprocessable",
          status: 422,
          detail: "bad query",
          code: "search.query.invalid",
          hint: "shorten it",
          errors: [{ path: "/q", message: "too long" }],
        }),
      ).search({ q: "x" }),
    );
    expect(e).toMatchObject({
      code: "search.query.invalid",
      message: "bad query",
      hint: "shorten it",
      status: 422,
    });
    expect(e.problems).toEqual([
      { code: "search.query.invalid", severity: "error", file: "", path: "/q", message: "too long" },
    ]);
  });

  it("keeps each problem's own code and file, as the registry sends them (one reader for every client)", async () => {
    const e = await failure(
      client(() =>
        problem(422, {
          detail: "the package has 2 problems",
          code: "package.invalid",
          errors: [
            { code: "manifest.name.invalid", file: "plugin.json", path: "/name", message: "bad name" },
            { code: "mcp.invalid", file: "mcp.json", path: "", message: "not JSON" },
          ],
        }),
      ).connector("x"),
    );
    expect(e.problems).toEqual([
      {
        code: "manifest.name.invalid",
        severity: "error",
        file: "plugin.json",
        path: "/name",
        message: "bad name",
      },
      { code: "mcp.invalid", severity: "error", file: "mcp.json", path: "", message: "not JSON" },
    ]);
  });

  it("a non-JSON error page still gives a clear error", async () => {
    const e = await failure(
      client(
        () => new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
      ).connector("x"),
    );
    expect(e.code).toBe("registry.http.502");
    expect(e.message).toBe(`${BASE}/v1/connectors/x answered 502 Bad Gateway`);
  });

  it("a network failure says the registry is unreachable at its URL", async () => {
    const e = await failure(client(() => Promise.reject(new TypeError("fetch failed"))).connector("x"));
    expect(e.code).toBe("registry.unreachable");
    expect(e.message).toBe(`registry unreachable at ${BASE}`);
  });

  it("a 200 that is not JSON, or not a connector document, is refused", async () => {
    expect((await failure(client(() => new Response("hello")).connector("x"))).code).toBe(
      "registry.response.invalid",
    );
    expect((await failure(client(() => Response.json({ versions: [] })).connector("x"))).message).toContain(
      "no `versions` object",
    );
  });

  it("downloads report progress and stop at the size limit, declared or not", async () => {
    const seen: number[] = [];
    const bytes = await client(() => new Response(new Uint8Array(3000))).download(`${BASE}/t`, {
      onProgress: (n) => seen.push(n),
    });
    expect(bytes.byteLength).toBe(3000);
    expect(seen.at(-1)).toBe(3000);
    const declared = await failure(
      client(() => new Response(new Uint8Array(10), { headers: { "content-length": "999999999" } })).download(
        `${BASE}/t`,
      ),
    );
    expect(declared.code).toBe("registry.download.too-large");
    // No Content-Length: a stream that never ends is cut off at the limit.
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) });
    const streamed = await failure(
      client(() => new Response(endless)).download(`${BASE}/t`, { maxBytes: 1024 * 1024 }),
    );
    expect(streamed.code).toBe("registry.download.too-large");
  });

  it("healthy() is false, never a throw, when the registry is down", async () => {
    expect(await client(() => Promise.reject(new Error("down"))).healthy()).toBe(false);
    expect(await client(() => Response.json({ ok: true })).healthy()).toBe(true);
  });
});

describe("normalizeConnector: a hostile document cannot steer paths or installs", () => {
  const dist = { tarball: `${BASE}/t.tgz`, integrity: "sha512-x" };
  it.each([
    [{ versions: { "1.0.0": { dist: { ...dist, tarball: "file:///etc/passwd" } } } }, "absolute http(s) URL"],
    [{ versions: { "1.0.0": { dist: { ...dist, integrity: "md5-x" } } } }, 'must be "sha512-…"'],
    [{ versions: { "1.0.0": {} } }, "has no `dist`"],
    [[], "no `versions` object"],
  ])("refuses %j", (body, message) => {
    try {
      normalizeConnector("x", body);
      throw new Error("expected a failure");
    } catch (error) {
      expect((error as Error).message).toContain(message);
    }
  });

  it("versions whose keys are not canonical semver are never chosen (they would become folder names)", () => {
    const doc = normalizeConnector("x", {
      distTags: { latest: "../../evil", next: "=1.0.0" },
      versions: { "../../evil": { dist }, "=1.0.0": { dist }, "0.9.0": { dist } },
    });
    expect(resolveVersion(doc, "latest").version).toBe("0.9.0");
    expect(resolveVersion(doc, "*").version).toBe("0.9.0");
    expect(() => resolveVersion(doc, "next")).toThrow(/points to version =1.0.0, which does not exist/);
  });
});
