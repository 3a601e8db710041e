import { ConnectoryError } from "../../core/errors.js";

/**
 * A PostgreSQL DATABASE_URL as postgres.js takes it. postgres.js reads the host and port from the URL's
 * authority only: it sent libpq's `?host=` and `?port=` to the server as settings, which refused them
 * ("unrecognized configuration parameter"), and it has no way to name a Unix socket in a URL. libpq's
 * forms are read here, so the URL psql takes is the one the registry takes:
 * - `postgres://user@/connectory?host=/var/run/postgresql`: a socket directory (`host` starting with `/`);
 * - `postgres://%2Fvar%2Frun%2Fpostgresql/connectory`: the directory percent-encoded as the host;
 * - `?host=db.internal&port=6432`: a TCP host and port, over the authority's.
 * (Measured, issue 29: on a registry beside its database the socket was no faster than 127.0.0.1 for
 * /v0.1 pages at 100,000 connectors; it is for setups that only open the socket.)
 */
export interface PgConnection {
  /** What postgres.js parses: the URL without `host` and `port` parameters, its authority parseable. */
  url: string;
  /** The host or socket directory and the port, when the URL gives them other than in its authority. */
  options: { host?: string; port?: number };
  /** `host:port/database` (a socket's directory as its host), for messages: never the user or password. */
  where: string;
}

/** scheme, authority (`user:password@host:port`, `host`, or empty), then path and query. */
const PARTS = /^(postgres(?:ql)?):\/\/([^/?#]*)(.*)$/i;

/** Reads a `postgres://` DATABASE_URL (see PgConnection); a malformed one is `db.url.invalid`, naming the part. */
export function pgConnection(url: string): PgConnection {
  const parts = PARTS.exec(url);
  if (!parts) throw invalid("it does not start with postgres:// or postgresql://");
  const [, scheme, authority, rest] = parts as unknown as [string, string, string, string];
  const at = authority.lastIndexOf("@");
  const userinfo = at === -1 ? "" : authority.slice(0, at + 1);
  const hostPort = authority.slice(at + 1);
  let tail: URL;
  try {
    tail = new URL(`http://placeholder${rest}`);
  } catch {
    throw invalid("its path or query cannot be parsed");
  }
  const params = tail.searchParams;
  const hostParams = params.getAll("host");
  const portParams = params.getAll("port");
  if (hostParams.length > 1 || portParams.length > 1)
    throw invalid("it gives `host` or `port` more than once", "give each once");
  params.delete("host");
  params.delete("port");

  // The authority's own host and port: `host`, `host:port`, `[::1]:port`, a percent-encoded socket
  // directory, or a comma-separated list postgres.js reads itself (left as written).
  const multi = hostPort.includes(",");
  const hostPortMatch = /^(.*?)(?::(\d*))?$/.exec(hostPort)!;
  const authorityHost = multi ? hostPort : decode(hostPortMatch[1]!);
  const authorityPort = multi ? undefined : hostPortMatch[2] || undefined;

  const hostParam = hostParams[0];
  if (hostParam !== undefined) {
    if (hostParam === "" || hostParam.includes(","))
      throw invalid(
        `its host parameter "${hostParam}" is not one host`,
        "give one host name or socket directory (several hosts go in the authority: postgres://user@h1:5432,h2:5432/db)",
      );
  }
  const host = hostParam ?? (authorityHost.startsWith("/") ? authorityHost : undefined);
  if (host !== undefined && !host.startsWith("/") && /[/\s@]/.test(host))
    throw invalid(`its host "${host}" is neither a host name nor an absolute socket directory`);
  const portText = portParams[0] ?? (host !== undefined ? authorityPort : undefined);
  const port = portText === undefined ? undefined : Number(portText);
  if (
    port !== undefined &&
    !(Number.isInteger(port) && port >= 1 && port <= 65535 && /^\d+$/.test(portText!))
  )
    throw invalid(`its port "${portText}" is not a port number`, "give a port from 1 to 65535");

  const shownHost = host ?? (authorityHost || "localhost");
  const shownPort = port ?? (authorityPort ? Number(authorityPort) : 5432);
  const where = multi ? `${hostPort}${tail.pathname}` : `${shownHost}:${shownPort}${tail.pathname}`;
  if (host === undefined && port === undefined) return { url, options: {}, where };
  // postgres.js takes the host and port from options over the URL's; the URL keeps a host it can parse.
  const query = params.toString();
  const path = tail.pathname === "/" && !rest.startsWith("/") ? "" : tail.pathname;
  return {
    url: `${scheme}://${userinfo}${host !== undefined ? "localhost" : hostPort}${path}${query ? `?${query}` : ""}`,
    options: { ...(host !== undefined ? { host } : {}), ...(port !== undefined ? { port } : {}) },
    where,
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalid(`its host "${text}" is not valid percent-encoding`);
  }
}

function invalid(problem: string, hint?: string): ConnectoryError {
  return new ConnectoryError("db.url.invalid", `DATABASE_URL cannot be used: ${problem}`, {
    hint:
      hint ??
      "write it as postgres://user:password@host:5432/database, or postgres://user@/database?host=/var/run/postgresql for a Unix socket",
  });
}
