import { Hono } from "hono";
import { ConnectoryError } from "../../src/core/errors.js";
import { clientAddress } from "../../src/http/client-address.js";
import { readBody, SMALL_JSON } from "../../src/http/read-body.js";
import { rateLimitedText, type ReportLimiter } from "../../src/http/report-rate-limit.js";
import type { Registry } from "../../src/registry/registry.js";
import { ErrorPage } from "../pages/error-page.js";
import { ReportSentPage } from "../pages/report-sent-page.js";
import { sendPage } from "./page-routes.js";

/** POST /c/:name/:version/report: the connector page's report form (same checks and limit as the API). */
export function reportFormRoutes(registry: Registry, limiter: ReportLimiter): Hono {
  const app = new Hono();
  app.post("/c/:name/:version/report", async (c) => {
    const refused = limiter.take(clientAddress(c));
    if (refused) {
      const { message, hint } = rateLimitedText(refused);
      const page = <ErrorPage status={429} title="Too many reports" detail={`${message}; ${hint}`} />;
      const response = sendPage(c, page, 429);
      response.headers.set("retry-after", String(refused.retryAfter));
      return response;
    }
    try {
      // The form's urlencoded fields; any other body lacks them and is refused by the report checks.
      const bytes = await readBody(c.req.raw, SMALL_JSON);
      const form = new URLSearchParams(new TextDecoder().decode(bytes));
      const body = { kind: form.get("kind"), message: form.get("message") };
      const report = await registry.fileReport({ ...c.req.param(), body });
      return sendPage(c, <ReportSentPage report={report} />, 201);
    } catch (error) {
      if (!(error instanceof ConnectoryError) || error.status >= 500) throw error;
      const page = <ErrorPage status={error.status} title="The report was not sent" detail={error.message} />;
      return sendPage(c, page, error.status);
    }
  });
  return app;
}
