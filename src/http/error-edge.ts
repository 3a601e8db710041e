import type { Context, Hono } from "hono";
import { problem, problemResponse, toProblem } from "../request/problem.js";

/**
 * The one place errors become HTTP: every thrown error and every unmatched route turns into
 * application/problem+json. Unexpected errors are logged (they are bugs); expected ones are not.
 */
export function installErrorEdge(
  app: Hono,
  log: (error: unknown) => void,
  /** A page for unmatched browser GETs (the web UI's HTML 404); undefined means problem+json. */
  notFoundPage?: (c: Context) => Response | Promise<Response> | undefined,
): void {
  app.onError((error) => {
    const body = toProblem(error);
    if (body.status >= 500) log(error);
    // A 401 says how to authenticate (RFC 9110). A 413 leaves the rest of the body unread on the
    // socket, so that connection cannot carry another request: say so, and the client opens a new one.
    const headers: Record<string, string> = {};
    if (body.status === 401) headers["www-authenticate"] = 'Bearer realm="connectory"';
    if (body.status === 413) headers.connection = "close";
    // A dependency outage (database, blob store) is brief: clients and balancers try again shortly.
    if (body.status === 503) headers["retry-after"] = "5";
    return problemResponse(body, headers);
  });
  app.notFound(
    (c) =>
      notFoundPage?.(c) ??
      problemResponse(
        problem(
          404,
          "route.not-found",
          `no route for ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)}`,
          {
            hint: "see the registry API in docs/http-api.md#routes (GET /v1/connectors, GET /v1/connectors/:name, …)",
          },
        ),
      ),
  );
}
