import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { runCli } from "../../../cli/main.js";
import { cli, type CliRun } from "../../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";
import { tempDir } from "../../helpers/tmp.js";

// Shared by the project tests: a real registry in-process, homes that talk to it, and a project
// folder copied between them as a git clone would give it.

export const CANARY = "canary-7f3a9c1e5b2d4086";

export interface ProjectWorld {
  reg: TestRegistry;
  token: string;
  fetch: typeof fetch;
  publish(name: string, version: string, options?: { secret?: boolean }): Promise<void>;
}

export async function projectWorld(): Promise<ProjectWorld> {
  const reg = await createTestRegistry();
  const token = await reg.token("acme");
  const fetchApp = ((input: Request | string | URL, init?: RequestInit) =>
    reg.app.request(input, init)) as typeof fetch;
  return {
    reg,
    token,
    fetch: fetchApp,
    async publish(name, version, options = {}) {
      const files: Record<string, string> = {};
      if (options.secret) {
        files["mcp.json"] = JSON.stringify({
          mcpServers: {
            [name]: {
              type: "streamable-http",
              url: "https://example.com/mcp",
              headers: { Authorization: "Bearer ${API_KEY}" },
            },
          },
        });
        files["token-schema.json"] = JSON.stringify({
          type: "object",
          properties: { API_KEY: { type: "string", secret: true, title: "API key" } },
          required: ["API_KEY"],
        });
      }
      const res = await reg.publish(await packPackage({ name, version }, files), token, name);
      if (res.status !== 201)
        throw new Error(`publish ${name}@${version}: ${res.status} ${await res.text()}`);
    },
  };
}

/** A home (machine) that runs the CLI in `cwd` against the world's registry. */
export async function machine(world: ProjectWorld) {
  const home = await tempDir();
  const runEnv = (env: Record<string, string>, cwd: string, ...argv: string[]): Promise<CliRun> =>
    cli(argv, { home, cwd, env: { CONNECTORY_REGISTRY: world.reg.publicUrl, ...env }, fetch: world.fetch });
  const run = (cwd: string, ...argv: string[]): Promise<CliRun> => runEnv({}, cwd, ...argv);
  return { home, run, runEnv };
}

/** Copies a project folder's committed files (what a clone gives: no home, no lock folders). */
export async function cloneProject(from: string): Promise<string> {
  const to = await tempDir("connectory-clone-");
  await fs.cp(from, to, { recursive: true, filter: (src) => !src.endsWith(".lock.lock") });
  return to;
}

/** Every file under `dir` with its bytes, for byte-for-byte comparisons. */
export async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(d: string): Promise<void> {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out[path.relative(dir, full)] = await fs.readFile(full, "utf8");
    }
  }
  await walk(dir);
  return out;
}

/** Every file under `dir` (any depth) that contains `needle`. */
export async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const all = await filesOf(dir).catch(() => ({}));
  return Object.entries(all)
    .filter(([, text]) => text.includes(needle))
    .map(([file]) => file);
}

/** Runs the CLI in `cwd` as if a person typed `answers` at a terminal. */
export async function tty(
  world: ProjectWorld,
  home: string,
  cwd: string,
  argv: string[],
  answers: string,
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd,
    home,
    env: {
      CONNECTORY_HOME: home,
      CONNECTORY_REGISTRY: world.reg.publicUrl,
      NO_COLOR: "1",
      CI: "1",
      CONNECTORY_CREDENTIAL_STORE: "file",
    },
    stdout: { write: (s: string) => (stdout += s), isTTY: true },
    stderr: { write: (s: string) => (stderr += s), isTTY: true },
    stdin: Object.assign(Readable.from([answers]), { isTTY: true }),
    fetch: world.fetch,
    now: () => new Date(),
    version: "0.0.0-test",
  });
  return { code, stdout, stderr };
}
