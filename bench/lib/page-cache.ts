// Whether this machine's kernel takes file pages out of the page cache on its own: DAMON's `pageout` schemes
// (a kdamond on, or the damon_reclaim module) evict pages left untouched for a while even with memory free.
// A database page read after that is a disk read (40–70 µs on the bench machine, against ~3 µs from the page
// cache), so a search's tail depends on it: the benches name it beside their figures.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where DAMON is read (sysfs; a test points them at a folder of its own). */
export interface DamonFolders {
  /** The kdamonds of the sysfs admin interface. */
  kdamonds: string;
  /** The damon_reclaim module's parameters. */
  reclaim: string;
}

const SYSFS: DamonFolders = {
  kdamonds: "/sys/kernel/mm/damon/admin/kdamonds",
  reclaim: "/sys/module/damon_reclaim/parameters",
};

/** `the kernel pages out file pages idle ≥ 60 s (DAMON)`, or undefined when nothing does (or not Linux). */
export function proactiveReclaim(folders: DamonFolders = SYSFS): string | undefined {
  const ages = [...kdamondPageoutAges(folders.kdamonds), ...reclaimModuleAge(folders.reclaim)];
  if (ages.length === 0) return undefined;
  return `the kernel pages out file pages idle ≥ ${Math.round(Math.min(...ages) / 1e6)} s (DAMON)`;
}

/** The least age (µs) of each `pageout` scheme of a running kdamond (sysfs admin interface). */
function kdamondPageoutAges(kdamonds: string): number[] {
  const ages: number[] = [];
  for (const kdamond of list(kdamonds)) {
    const dir = path.join(kdamonds, kdamond);
    if (read(path.join(dir, "state")) !== "on") continue;
    for (const context of list(path.join(dir, "contexts"))) {
      const ctx = path.join(dir, "contexts", context);
      const aggregation = Number(read(path.join(ctx, "monitoring_attrs/intervals/aggr_us")));
      for (const scheme of list(path.join(ctx, "schemes"))) {
        const s = path.join(ctx, "schemes", scheme);
        if (read(path.join(s, "action")) !== "pageout") continue;
        const minAge = Number(read(path.join(s, "access_pattern/age/min")));
        if (aggregation > 0 && Number.isFinite(minAge)) ages.push(minAge * aggregation);
      }
    }
  }
  return ages;
}

/** damon_reclaim's min_age (µs) when the module is enabled. */
function reclaimModuleAge(reclaim: string): number[] {
  if (read(path.join(reclaim, "enabled")) !== "Y") return [];
  const age = Number(read(path.join(reclaim, "min_age")));
  return Number.isFinite(age) && age > 0 ? [age] : [];
}

/** The numbered entries of a sysfs folder (`0`, `1`, …; not `nr_kdamonds`); none when it is absent. */
function list(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}
