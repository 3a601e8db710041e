import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CSP } from "../../src/web/lib/security-headers.js";
import {
  clientEnv,
  createTestRegistry,
  packDir,
  packPackage,
  type TestRegistry,
} from "../helpers/registry.js";

// The connector page shows the quality score with its checklist (never a bare number), offers the
// report form, and marks a version an operator confirmed malicious.

let reg: TestRegistry;

beforeAll(async () => {
  reg = await createTestRegistry({ now: () => new Date("2026-12-01T10:00:00Z") });
  const samples = await reg.token("connectory-samples");
  expect((await reg.publish(await packDir("weather"), samples, "weather")).status).toBe(201);
  const acme = await reg.token("acme");
  for (const version of ["1.0.0", "1.1.0"])
    expect((await reg.publish(await packPackage({ name: "plain", version }), acme, "plain")).status).toBe(
      201,
    );
});
afterAll(() => reg.close());

async function page(path: string, status = 200) {
  const res = await reg.request(path);
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(status);
  expect(res.headers.get("content-security-policy")).toBe(PAGE_CSP);
  return html;
}
const docQuality = async (name: string) =>
  (
    (await (await reg.request(`/v1/connectors/${name}`)).json()) as {
      quality: { score: number; items: Array<{ id: string; pass: boolean }> };
    }
  ).quality;
const postForm = (path: string, fields: Record<string, string>, address = "192.0.2.10") =>
  reg.app.request(
    `${reg.publicUrl}${path}`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    },
    clientEnv(address),
  );

describe("the quality on the connector page", () => {
  it("shows the score with every checklist item, its points, and how to raise the failed ones", async () => {
    const html = await page("/c/weather");
    const q = await docQuality("weather");
    expect(html).toContain(`data-score="${q.score}"`);
    expect(html).toContain('<a href="/docs/quality.md"');
    const items = [...html.matchAll(/<li class="(pass|fail|na)" data-item="([a-z.0-9-]+)"/g)];
    expect(items).toHaveLength(q.items.length);
    expect(items.find((m) => m[2] === "package.license")?.[1]).toBe("pass");
    // Never checked: shown, and not counted (formula 2), rather than "0 of 25".
    expect(items.find((m) => m[2] === "stability.up")?.[1]).toBe("na");
    expect(html).toContain("not checked yet: left out of the score until the registry runs a live check");
    expect(html).toContain('<span class="muted">(not counted)</span>');
    expect(html).toMatch(/Package <span class="muted">\d+\/40<\/span>/);
  });

  it("shows the latest live check once the checker has handed one in", async () => {
    const checked = { checkedAt: "2026-12-01T09:59:00.000Z", status: "needs-auth", kind: "remote" } as const;
    await reg.repo.recordCheck("weather", "1.0.0", checked);
    await reg.app.registry.refreshQuality("weather");
    const html = await page("/c/weather");
    expect(html).toMatch(
      /Latest check <time datetime="2026-12-01T09:59:00.000Z">[^<]+<\/time>: reachable, needs sign-in/,
    );
    expect(html).toContain('<li class="pass" data-item="stability.up"');
  });

  it("shows the score on search cards (from the listing row)", async () => {
    const html = await page("/search?sort=quality");
    const score = (await docQuality("weather")).score;
    expect(html).toContain(`quality ${score}`);
    expect(html.indexOf("/c/weather")).toBeLessThan(html.indexOf("/c/plain"));
  });

  it("has a report form; a report sent with it is filed and lowers the score", async () => {
    const html = await page("/c/plain/1.1.0");
    expect(html).toContain('<form class="report-form" method="post" action="/c/plain/1.1.0/report">');
    for (const kind of ["broken", "malicious", "spam", "impersonation"])
      expect(html).toContain(`value="${kind}"`);
    const before = (await docQuality("plain")).score;
    const res = await postForm("/c/plain/1.1.0/report", {
      kind: "spam",
      message: "an ad for something else <b>x</b>",
    });
    expect(res.status).toBe(201);
    const sent = await res.text();
    expect(sent).toContain("Report sent");
    expect(sent).not.toContain("<b>x</b>");
    // community.reports (8 points) fails: 8 points fewer, as a share of what applies.
    const after = await docQuality("plain");
    expect(after.score).toBeLessThan(before);
    expect(after.items.find((i) => i.id === "community.reports")?.pass).toBe(false);
  });

  it("answers a bad form with an HTML page naming the problem, and files nothing", async () => {
    const before = await reg.snapshot();
    for (const [fields, status, text] of [
      [{ kind: "nonsense", message: "long enough message" }, 400, "must be one of"],
      [{ kind: "broken", message: "short" }, 400, "characters"],
      [{ message: "long enough message" }, 400, "must be one of"],
    ] as const) {
      const res = await postForm("/c/plain/1.1.0/report", fields, "192.0.2.20");
      expect(res.status).toBe(status);
      const html = await res.text();
      expect(html).toContain("The report was not sent");
      expect(html).toContain(text);
    }
    const missing = await postForm(
      "/c/plain/9.9.9/report",
      { kind: "broken", message: "long enough message" },
      "192.0.2.21",
    );
    expect(missing.status).toBe(404);
    const huge = await postForm(
      "/c/plain/1.1.0/report",
      { kind: "broken", message: "x".repeat(70_000) },
      "192.0.2.22",
    );
    expect(huge.status).toBe(413);
    expect(await reg.snapshot()).toBe(before);
  });

  it("marks a version confirmed malicious, on its page and in the version list", async () => {
    const [open] = await reg.app.registry.listReports({ status: "open" });
    await reg.app.registry.resolveReport({ id: open!.id, resolution: "malicious" });
    const html = await page("/c/plain/1.1.0");
    expect(html).toContain('class="alert alert-bad malicious" role="alert"');
    expect(html).toContain("confirmed a report that this version is malicious");
    expect(html).toContain('<span class="badge badge-bad">malicious</span>');
    const latest = await page("/c/plain");
    expect(latest).not.toContain('role="alert"'); // the page of the connector shows 1.0.0 now
  });
});
