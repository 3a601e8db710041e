import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { pgConnection } from "../../src/db/postgres/database-url.js";

/** What postgres.js itself makes of a URL and options: the host, port and socket path it would connect to. */
function driverTarget(
  url: string,
  options: object,
): { host: string[]; port: number[]; path: string | false } {
  const sql = postgres(url, { ...options, max: 1 });
  const { host, port, path } = sql.options as unknown as {
    host: string[];
    port: number[];
    path: string | false;
  };
  return { host, port, path };
}

describe("a PostgreSQL DATABASE_URL (libpq's forms, for postgres.js)", () => {
  it("leaves a plain URL as written, and names host, port and database only", () => {
    const url = "postgres://app:s3cret@db.internal:6432/connectory?sslmode=require";
    const target = pgConnection(url);
    expect(target).toEqual({ url, options: {}, where: "db.internal:6432/connectory" });
    expect(pgConnection("postgresql://app@127.0.0.1/connectory").where).toBe("127.0.0.1:5432/connectory");
    expect(pgConnection("postgres://app@[::1]:5433/c").where).toBe("[::1]:5433/c");
    // A list of hosts is postgres.js's own form: passed through.
    const multi = "postgres://app@h1:5432,h2:5433/connectory";
    expect(pgConnection(multi)).toEqual({ url: multi, options: {}, where: "h1:5432,h2:5433/connectory" });
  });

  it("reaches a Unix socket by ?host=<directory>, with or without a user", () => {
    for (const url of [
      "postgres:///connectory?host=/var/run/postgresql",
      "postgres://app@/connectory?host=%2Fvar%2Frun%2Fpostgresql",
      "postgresql://app:pw@/connectory?host=/var/run/postgresql&port=5433&application_name=x",
    ]) {
      const target = pgConnection(url);
      expect(target.options.host).toBe("/var/run/postgresql");
      expect(target.url).not.toMatch(/[?&](host|port)=/);
      const port = url.includes("5433") ? 5433 : 5432;
      expect(target.where).toBe(`/var/run/postgresql:${port}/connectory`);
      // What the driver then does: the socket file, not TCP.
      expect(driverTarget(target.url, target.options).path).toBe(`/var/run/postgresql/.s.PGSQL.${port}`);
    }
    expect(pgConnection("postgresql://app:pw@/c?host=/s&application_name=x").url).toBe(
      "postgresql://app:pw@localhost/c?application_name=x",
    );
  });

  it("reaches a Unix socket by its directory percent-encoded as the host", () => {
    const target = pgConnection("postgres://app@%2Fvar%2Frun%2Fpostgresql:5434/connectory");
    expect(target.options).toEqual({ host: "/var/run/postgresql", port: 5434 });
    expect(target.where).toBe("/var/run/postgresql:5434/connectory");
    expect(driverTarget(target.url, target.options).path).toBe("/var/run/postgresql/.s.PGSQL.5434");
  });

  it("takes ?host= and ?port= naming TCP over the authority's, as libpq does", () => {
    const target = pgConnection("postgres://app@ignored:1111/connectory?host=db.internal&port=6432");
    expect(target.options).toEqual({ host: "db.internal", port: 6432 });
    expect(target.where).toBe("db.internal:6432/connectory");
    expect(driverTarget(target.url, target.options)).toMatchObject({
      host: ["db.internal"],
      port: [6432],
      path: false,
    });
    // Without them the driver sent both to the server as settings, which refused them.
    expect(pgConnection("postgres://app@db/c?port=6000").options).toEqual({ port: 6000 });
  });

  it("refuses a malformed host or port, naming it, never the password", () => {
    const cases: Array<[string, RegExp]> = [
      ["postgres://u:s3cret@/c?host=/a&host=/b", /more than once/],
      ["postgres://u:s3cret@/c?host=h1,h2", /host parameter "h1,h2" is not one host/],
      ["postgres://u:s3cret@/c?host=", /host parameter "" is not one host/],
      ["postgres://u:s3cret@/c?host=relative/dir", /neither a host name nor an absolute socket directory/],
      ["postgres://u:s3cret@db/c?port=abc", /port "abc" is not a port number/],
      ["postgres://u:s3cret@db/c?port=70000", /port "70000"/],
      ["postgres://u:s3cret@db/c?port=1e3", /port "1e3"/],
      ["postgres://u:s3cret@%E0%A4%A/c", /not valid percent-encoding/],
      ["mysql://u:s3cret@db/c", /does not start with postgres/],
    ];
    for (const [url, message] of cases) {
      let error: unknown;
      try {
        pgConnection(url);
      } catch (e) {
        error = e;
      }
      expect(isConnectoryError(error) && error.code, url).toBe("db.url.invalid");
      expect((error as Error).message).toMatch(message);
      const hint = (error as { hint?: string }).hint ?? "";
      expect(hint.length).toBeGreaterThan(0);
      expect(`${(error as Error).message} ${hint}`).not.toContain("s3cret");
    }
  });
});
