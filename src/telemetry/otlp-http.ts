import http from "node:http";
import https from "node:https";

/**
 * POSTs one OTLP/HTTP export. node:http rather than fetch: loading undici costs tens of milliseconds
 * at a CLI's first export. Resolves (never rejects) with an error message, or undefined on a 2xx.
 */
export function postOtlp(
  url: string,
  body: string | Uint8Array,
  contentType: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const request = (target.protocol === "https:" ? https : http).request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": contentType, "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume(); // the body (a partial-success report) is not needed
        response.on("end", () => {
          const code = response.statusCode ?? 0;
          resolve(
            code >= 200 && code < 300 ? undefined : `${target.origin}${target.pathname} answered ${code}`,
          );
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", (error) => resolve(`${target.origin}${target.pathname}: ${error.message}`));
    request.end(body);
  });
}
