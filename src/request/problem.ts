import { HTTPException } from "hono/http-exception";
import type { ProblemBody } from "../core/api/documents.js";
import { isConnectoryError } from "../core/errors.js";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** Builds a problem body for a stable code. */
export function problem(
  status: number,
  code: string,
  detail: string,
  extra: Partial<ProblemBody> = {},
): ProblemBody {
  return {
    type: `urn:connectory:problem:${code}`,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    code,
    ...extra,
  };
}

/**
 * Translates anything thrown into a problem. ConnectoryErrors carry their status, code and problems;
 * anything else is a bug, reported as a 500 that names no internals (the caller logs the details).
 */
export function toProblem(error: unknown): ProblemBody {
  if (isConnectoryError(error)) {
    const status = error.status >= 400 && error.status <= 599 ? error.status : 500;
    // A dependency outage (database, blob store) is a 503 load balancers act on; its detail stays
    // generic because the message may name internal hosts.
    if (status === 503) {
      return problem(503, error.code, "the registry is temporarily unavailable; try again shortly");
    }
    if (status >= 500) return internal();
    const errors = error.problems
      ?.filter((p) => p.severity === "error")
      .map((p) => ({ code: p.code, file: p.file, path: p.path, message: p.message }));
    return problem(status, error.code, error.message, {
      ...(error.hint ? { hint: error.hint } : {}),
      ...(errors && errors.length > 0 ? { errors } : {}),
    });
  }
  if (error instanceof HTTPException && error.status < 500) {
    return problem(error.status, `http.${error.status}`, error.message || (TITLES[error.status] ?? "Error"));
  }
  return internal();
}

function internal(): ProblemBody {
  return problem(500, "internal", "the registry failed unexpectedly; this is a bug, and it has been logged");
}

/** The Response for a problem. */
export function problemResponse(body: ProblemBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}
