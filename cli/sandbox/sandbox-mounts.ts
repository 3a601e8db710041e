import { findOnPath } from "../../src/fs/find-on-path.js";
import fs from "node:fs";
import path from "node:path";
import { localizedError } from "../terminal/language.js";
import {
  cleanGrantPath,
  grantReachProblem,
  holds,
  type GrantPlaces,
} from "../../src/core/sandbox/grant-paths.js";
import type { FilesystemGrant, Permissions } from "../../src/core/sandbox/permissions.js";

// What a sandbox mounts from the machine, each path resolved through its links before it is checked
// (src/core/sandbox/grant-paths.ts owns the rules): the declared grants, the server's command (and
// its runtime's folder) and a hand-written server's script folders.

/** System folders every sandbox mounts read-only anyway. */
const SYSTEM = /^\/(usr|bin|sbin|lib|lib32|lib64|libx32|opt)(\/|$)/;

/** A refused grant's message: named by the publisher as it is, or through credentials (`via`). */
const REFUSED = {
  invalid: ["sandbox.grant-invalid", "sandbox.grant-invalid-via"],
  refused: ["sandbox.grant-refused", "sandbox.grant-refused-via"],
  really: ["sandbox.grant-really", "sandbox.grant-really-via"],
} as const;

/**
 * Every grant cleaned, checked, resolved with realpath and checked again as the folder it really is; the
 * mount uses the real path. A grant must exist. Throws `sandbox.path.refused` / `sandbox.path.missing`.
 */
export function resolveGrants(
  grants: readonly FilesystemGrant[],
  places: GrantPlaces,
  connector: string,
): FilesystemGrant[] {
  return grants.map((g) => {
    const clean = cleanGrantPath(g.path);
    const literal = (g.via ?? []).length === 0;
    const via = (g.via ?? []).join(", ");
    // Why is the grant rules' words (src/core/sandbox/grant-paths.ts, English); the frame is in the tables.
    const refuse = (kind: keyof typeof REFUSED, why: string, path = "") =>
      localizedError(
        "sandbox.path.refused",
        { key: REFUSED[kind][literal ? 0 : 1], params: { connector, why, via, path } },
        literal
          ? { key: "sandbox.grant-refused-hint" }
          : { key: "sandbox.grant-refused-via-hint", params: { via, connector } },
      );
    if ("invalid" in clean) throw refuse("invalid", clean.invalid);
    const lexical = grantReachProblem(clean.path, places, literal);
    if (lexical) throw refuse("refused", lexical);
    let real: string;
    try {
      real = fs.realpathSync(clean.path);
    } catch {
      throw localizedError(
        "sandbox.path.missing",
        { key: "sandbox.grant-missing", params: { connector, path: clean.path } },
        { key: "sandbox.grant-missing-hint" },
      );
    }
    // A link on the way makes it another folder than the one consented to: checked as not literal.
    const problem = grantReachProblem(real, realPlaces(places), literal && real === clean.path);
    if (problem) throw refuse("really", problem, clean.path);
    return { path: real, access: g.access };
  });
}

/**
 * What to mount read-only so the command runs: the executable where it is called and where it really is,
 * and the runtime prefix around it (`<prefix>/bin/node` with `<prefix>/lib`: node's modules, a venv's
 * packages) — never `/`, the home or a folder holding it, and nothing under the system folders (mounted
 * anyway). Resolved with realpath: `/tmp/../bin/node` or `~/bin/node` → `/usr/bin/node` add nothing.
 */
export function commandMounts(
  command: string,
  env: Record<string, string | undefined>,
  home: string,
): string[] {
  const found = command.includes("/") ? path.resolve(command) : findOnPath(command, env);
  if (!found) return [];
  let real: string;
  let calledDir: string;
  try {
    real = fs.realpathSync(found);
    calledDir = fs.realpathSync(path.dirname(found));
  } catch {
    return [];
  }
  const realHome = safeRealpath(home);
  const out = new Set<string>();
  const add = (p: string) => {
    if (SYSTEM.test(p) || holds(p, home) || holds(p, realHome)) return;
    out.add(p);
  };
  // Where it is called (a link in ~/bin is a file of its own inside the sandbox) and where it really is.
  const called = path.join(calledDir, path.basename(found));
  if (!SYSTEM.test(path.dirname(found))) add(found);
  for (const file of [called, real]) {
    add(file);
    const prefix = runtimePrefix(file);
    if (prefix) add(prefix);
  }
  return [...out].filter((p) => ![...out].some((q) => q !== p && holds(q, p)));
}

/** `<prefix>` of `<prefix>/bin/<tool>` when `<prefix>/lib` exists (node, a Python venv, a language's install). */
function runtimePrefix(file: string): string | undefined {
  const bin = path.dirname(file);
  if (path.basename(bin) !== "bin") return undefined;
  const prefix = path.dirname(bin);
  return isDir(path.join(prefix, "lib")) ? prefix : undefined;
}

/**
 * Read grants for the folders of a hand-written server's script (`node /opt/notes/server.js`,
 * `python ~/tools/x.py`): absolute paths to existing files among its command and arguments, each folder
 * resolved with realpath. Never `/`, the home or a folder holding it, and nothing already granted.
 */
export function scriptGrants(
  launch: { command: string; args: string[] },
  home: string,
  perms: Permissions,
): FilesystemGrant[] {
  const out: FilesystemGrant[] = [];
  const realHome = safeRealpath(home);
  const granted = (p: string) => [...(perms.filesystem ?? []), ...out].some((g) => holds(g.path, p));
  for (const arg of [launch.command, ...launch.args]) {
    const value = arg.includes("=") && arg.startsWith("-") ? arg.slice(arg.indexOf("=") + 1) : arg;
    if (!path.isAbsolute(value) || !isFile(value)) continue;
    const dir = path.dirname(safeRealpath(value));
    if (holds(dir, home) || holds(dir, realHome) || SYSTEM.test(dir) || granted(dir)) continue;
    out.push({ path: dir, access: "read" });
  }
  return out;
}

/**
 * The unpacked MCPB bundle folders (`$CONNECTORY_HOME/plugins/bundles/<sha256>/`) a launch runs from: its
 * command, arguments or working folder inside one. Mounted read-only, so a sandboxed MCPB launch reads its
 * own files; no other bundle, and nothing else of the Connectory home.
 */
export function bundleMounts(
  launch: { command: string; args: string[]; cwd?: string },
  bundlesDir: string,
): string[] {
  const out = new Set<string>();
  for (const value of [launch.command, ...launch.args, ...(launch.cwd ? [launch.cwd] : [])]) {
    const rel = path.relative(bundlesDir, path.resolve(bundlesDir, value));
    if (!path.isAbsolute(value) || rel.startsWith("..") || path.isAbsolute(rel)) continue;
    const sha = rel.split(path.sep)[0] ?? "";
    const dir = path.join(bundlesDir, sha);
    if (/^[0-9a-f]{64}$/.test(sha) && isDir(dir)) out.add(safeRealpath(dir));
  }
  return [...out];
}

export function safeRealpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

function realPlaces(places: GrantPlaces): GrantPlaces {
  return {
    home: safeRealpath(places.home),
    ...(places.connectoryHome ? { connectoryHome: safeRealpath(places.connectoryHome) } : {}),
    ...(places.pluginRoot ? { pluginRoot: safeRealpath(places.pluginRoot) } : {}),
  };
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
