import { test } from "vitest";
import { startTestServer } from "../helpers/registry.js";
import { hostilePackage } from "../web/hostile-package.js";
import { launchBrowser } from "./web-browser.js";
test("x", async () => {
  const server = await startTestServer({ seed: false });
  const token = await server.token("acme");
  await fetch(`${server.url}/v1/connectors/hostile`, { method: "PUT", headers: { authorization: `Bearer ${token}` }, body: await hostilePackage() });
  const b = await launchBrowser();
  const page = await b.context.newPage();
  page.on("request", (r) => console.log("REQ", r.url()));
  page.on("requestfailed", (r) => console.log("FAILED", r.url(), r.failure()?.errorText));
  page.on("response", (r) => console.log("RESP", r.url(), r.status(), JSON.stringify(r.headers())));
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
  await page.goto(`${server.url}/icons/hostile/1.0.0`);
  await page.waitForTimeout(500);
  await b.close(); await server.close();
});
