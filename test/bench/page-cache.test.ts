import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { proactiveReclaim } from "../../bench/lib/page-cache.js";

// The bench's machine row says when the kernel pages files out on its own (DAMON): read from sysfs files,
// here written into a temp folder laid out as sysfs lays them out.
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function sysfs(files: Record<string, string>): { kdamonds: string; reclaim: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "connectory-damon-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), `${text}\n`);
  }
  return { kdamonds: path.join(root, "kdamonds"), reclaim: path.join(root, "reclaim") };
}

/** A kdamond with one context (aggregation `aggrUs`) and one scheme. */
const kdamond = (n: number, state: string, action: string, minAge: string, aggrUs = "5000000") => ({
  [`kdamonds/${n}/state`]: state,
  [`kdamonds/${n}/contexts/0/monitoring_attrs/intervals/aggr_us`]: aggrUs,
  [`kdamonds/${n}/contexts/0/schemes/0/action`]: action,
  [`kdamonds/${n}/contexts/0/schemes/0/access_pattern/age/min`]: minAge,
});

it("names a running kdamond's pageout scheme by its least age (aggregations × interval)", () => {
  expect(proactiveReclaim(sysfs({ "kdamonds/nr_kdamonds": "1", ...kdamond(0, "on", "pageout", "12") }))).toBe(
    "the kernel pages out file pages idle ≥ 60 s (DAMON)",
  );
  expect(
    proactiveReclaim(sysfs({ ...kdamond(0, "on", "pageout", "12"), ...kdamond(1, "on", "pageout", "2") })),
  ).toBe("the kernel pages out file pages idle ≥ 10 s (DAMON)");
});

it("says nothing for a stopped kdamond, another action, no DAMON at all or unreadable values", () => {
  expect(proactiveReclaim(sysfs({ ...kdamond(0, "off", "pageout", "12") }))).toBeUndefined();
  expect(proactiveReclaim(sysfs({ ...kdamond(0, "on", "stat", "12") }))).toBeUndefined();
  expect(proactiveReclaim(sysfs({ ...kdamond(0, "on", "pageout", "many") }))).toBeUndefined();
  expect(proactiveReclaim(sysfs({ ...kdamond(0, "on", "pageout", "12", "0") }))).toBeUndefined();
  expect(proactiveReclaim(sysfs({}))).toBeUndefined();
});

it("reads the damon_reclaim module when it is enabled", () => {
  const module = (enabled: string) => ({ "reclaim/enabled": enabled, "reclaim/min_age": "120000000" });
  expect(proactiveReclaim(sysfs(module("Y")))).toBe("the kernel pages out file pages idle ≥ 120 s (DAMON)");
  expect(proactiveReclaim(sysfs(module("N")))).toBeUndefined();
});
