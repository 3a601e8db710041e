import { Hono } from "hono";
import { ConnectoryError } from "../../core/errors.js";
import { clientAddress } from "../../request/client-address.js";
import { readBody, SMALL_JSON } from "../../request/read-body.js";
import { rateLimitedText } from "../../request/report-rate-limit.js";
import type { RateLimit } from "../../registry/rate-limit.js";
import type { Registry } from "../../registry/registry.js";
import { ErrorPage } from "../pages/error-page.js";
import { ReportSentPage } from "../pages/report-sent-page.js";
import { sendPage } from "./page-routes.js";

/** POST /c/:name/:version/report: the connector page's report form (same checks and limit as the API). */
export function reportFormRoutes(registry: Registry, limiter: RateLimit): Hono {
  const app = new Hono();
  app.post("/c/:name/:version/report", async (c) => {
    const refused = await limiter.take(clientAddress(c));
    if (refused) {
      const { message, hint } = rateLimitedText(refused);
      const page = <ErrorPage status={429} title="report.too-many" detail={`${message}; ${hint}`} />;
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
      const page = <ErrorPage status={error.status} title="report.not-sent" detail={error.message} />;
      return sendPage(c, page, error.status);
    }
  });
  return app;
}
