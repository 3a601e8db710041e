import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LockedConnector } from "../../src/core/project/lock.js";
import type { Manifest } from "../../src/core/project/manifest.js";
import { holds } from "../../src/core/sandbox/grant-paths.js";
import {
  renderPermissions,
  widens,
  type FilesystemGrant,
  type Permissions,
} from "../../src/core/sandbox/permissions.js";
import type { CommandContext } from "../context.js";
import { readSandboxFile, updateSandboxFile } from "../home/sandbox-store.js";
import { printable } from "../terminal/printable.js";
import { prompt } from "../terminal/prompt.js";
import { localizedError, say, sayBoth, type SaidBoth } from "../terminal/language.js";

/** `<name>@<marketplace>` → the absolute grants connectory.json gives it in this project folder. */
export type WantedGrants = Record<string, FilesystemGrant[]>;

/**
 * The manifest's grants made absolute under the project folder, each checked through its links: a
 * folder that really is outside the project (a link to ~/.ssh) is refused (`project.grant.outside`)
 * before anything is written. `keys` maps a connector name to its `<name>@<marketplace>`.
 */
export async function wantedGrants(
  dir: string,
  manifest: Manifest,
  keys: Record<string, string>,
): Promise<{ grants: WantedGrants; notes: SaidBoth[] }> {
  const grants: WantedGrants = {};
  const notes: SaidBoth[] = [];
  const realDir = await fs.realpath(dir);
  for (const [name, list] of Object.entries(manifest.grants)) {
    const key = keys[name];
    if (!key) continue;
    grants[key] = [];
    for (const g of list) {
      const abs = path.join(dir, g.path);
      const real = await fs.realpath(abs).catch(() => undefined);
      if (real === undefined)
        notes.push(sayBoth((t) => t("sync.note-grant-missing", { name, path: g.path })));
      else if (!holds(realDir, real))
        throw localizedError(
          "project.grant.outside",
          { key: "project.grant-outside", params: { name, path: g.path, real } },
          { key: "project.grant-outside-hint" },
        );
      grants[key].push({ path: abs, access: g.access });
    }
  }
  return { grants, notes };
}

/** The grants that reach further than the permissions the connector declares (and the user accepted). */
export function widerGrants(
  grants: readonly FilesystemGrant[],
  accepted: LockedConnector["permissions"],
  env: Record<string, string | undefined>,
): FilesystemGrant[] {
  // An unrestricted connector runs without a sandbox: a grant changes nothing for it.
  if (accepted === "unrestricted") return [];
  const home = env["HOME"] || os.homedir();
  const declared: Permissions = {
    network: accepted.network ?? "none",
    filesystem: (accepted.filesystem ?? []).flatMap((g) => {
      try {
        return renderPermissions({ filesystem: [g] }, { HOME: home }).filesystem ?? [];
      } catch {
        return []; // a path through a credential: unknown here, so it covers nothing
      }
    }),
  };
  return grants.filter((g) => widens(declared, { network: declared.network ?? "none", filesystem: [g] }));
}

const same = (a: FilesystemGrant[] | undefined, b: FilesystemGrant[] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The connectors whose project grants in this home are not the manifest's (what `sync --check` reports). */
export async function grantsDrift(home: string, dir: string, wanted: WantedGrants): Promise<string[]> {
  const have = (await readSandboxFile(home)).grants?.[dir] ?? {};
  const keys = new Set([...Object.keys(have), ...Object.keys(wanted)]);
  return [...keys].filter((k) => !same(have[k], wanted[k])).sort();
}

/**
 * Asks for the grants that reach further than a connector declares and this home does not hold yet
 * for the project: shown on stderr; `--yes` accepts, a "y" on a terminal does, otherwise
 * `project.grant.not-accepted` and nothing of the grants is written.
 */
export async function confirmGrants(
  ctx: Pick<CommandContext, "home" | "stdin" | "stderr">,
  dir: string,
  wider: Record<string, FilesystemGrant[]>,
  yes: boolean,
): Promise<void> {
  const have = (await readSandboxFile(ctx.home)).grants?.[dir] ?? {};
  const ask = Object.entries(wider)
    .map(
      ([key, list]) =>
        [
          key,
          list.filter(
            (g) =>
              !(have[key] ?? []).some(
                (h) => h.path === g.path && (h.access === g.access || h.access === "read-write"),
              ),
          ),
        ] as const,
    )
    .filter(([, list]) => list.length > 0);
  if (ask.length === 0) return;
  const lines = [
    say("sync.grants-wider"),
    ...ask.flatMap(([key, list]) => list.map((g) => `  ${key}: ${g.access} ${g.path}`)),
    "",
  ];
  ctx.stderr.write(printable(lines.join("\n")));
  if (yes) return;
  if (ctx.stdin.isTTY === true) {
    const answer = (await prompt(ctx, { message: say("sync.grants-prompt") })).trim();
    if (/^y(es)?$/i.test(answer)) return;
  }
  throw localizedError(
    "project.grant.not-accepted",
    { key: "sync.grants-refused" },
    { key: "sync.grants-refused-hint" },
  );
}

/** Writes this project's grants into sandbox.json (replacing what it set before). Returns the keys changed. */
export async function applyProjectGrants(home: string, dir: string, wanted: WantedGrants): Promise<string[]> {
  const changed = await grantsDrift(home, dir, wanted);
  if (changed.length === 0) return changed;
  await updateSandboxFile(home, (file) => {
    const grants = { ...(file.grants ?? {}) };
    const mine = Object.fromEntries(Object.entries(wanted).filter(([, l]) => l.length > 0));
    if (Object.keys(mine).length > 0) grants[dir] = mine;
    else delete grants[dir];
    return { ...file, grants };
  });
  return changed;
}
