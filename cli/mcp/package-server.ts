import fs from "node:fs";
import path from "node:path";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import { mergeServers, type ExplainedServer } from "../../src/core/merge.js";
import type { Credentials } from "../../src/core/types.js";
import { readVersionFolder } from "../home/effective-config.js";
import { credentialVariable } from "../../src/core/host-catalogs/sandbox-wrapper.js";
import { inactiveReasonEnglish } from "../terminal/inactive-reason.js";

/** The files of a connector's own package that `run --package` reads (never a link, never a folder). */
const READ = ["plugin.json", "mcp.json", "token-schema.json"] as const;

/** A host's template it did not fill (`${user_config.KEY}` of a setting the user left empty). */
const UNFILLED = /^\$\{[^}]*\}$/;

/** Which installed-connector key a package folder's servers run as (sandbox messages, pins). */
export const PACKAGE_MARKETPLACE = "host-package";

/**
 * One server of a host package folder (what a host installed natively: a Claude Code/Codex/Cursor plugin
 * or a Gemini extension built by the registry, which keeps the connector's own plugin.json, mcp.json and
 * token-schema.json), as `run` launches an installed connector's: rendered with the credentials the host
 * put in the environment (CONNECTORY_CREDENTIAL_<KEY>, else <KEY>), sandboxed to the version's declared
 * permissions. Installing the plugin natively is the user's consent to exactly those permissions: they
 * are accepted as declared, never widened.
 */
export async function packageServer(
  dir: string,
  server: string,
  world: { env: NodeJS.ProcessEnv; home: string; cwd: string },
): Promise<{ found: ExplainedServer; secretValues: string[] }> {
  const { env, home } = world;
  const root = checkedFolder(path.resolve(world.cwd, dir));
  for (const name of READ) checkedFile(root, name, name !== "token-schema.json");
  let manifest: { name?: unknown; version?: unknown };
  let read: Awaited<ReturnType<typeof readVersionFolder>>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, "plugin.json"), "utf8")) as typeof manifest;
    read = await readVersionFolder(home, root);
  } catch (error) {
    throw unreadable(root, isConnectoryError(error) ? error.message : (error as Error).message);
  }
  if (typeof manifest?.name !== "string" || typeof manifest.version !== "string")
    throw unreadable(root, "plugin.json has no name or version");
  if (!Object.hasOwn(read.servers, server)) {
    const names = Object.keys(read.servers);
    throw new ConnectoryError(
      "run.package.server",
      `the package in ${root} has no server named "${server}" in its mcp.json`,
      { hint: `its servers: ${names.length > 0 ? names.join(", ") : "none"}` },
    );
  }
  const credentials: Credentials = {};
  for (const key of Object.keys(read.tokenSchema?.properties ?? {})) {
    // A host that has no value for an optional setting may leave it empty, or its template unfilled.
    const value = env[credentialVariable(key)] ?? env[key];
    if (value !== undefined && value !== "" && !UNFILLED.test(value)) credentials[key] = value;
  }
  const result = mergeServers({
    manual: [],
    manualFile: "",
    connectors: [
      {
        ...read,
        servers: { [server]: read.servers[server]! },
        name: manifest.name,
        marketplace: PACKAGE_MARKETPLACE,
        version: manifest.version,
        enabled: true,
        credentials,
        // Installing the plugin natively is the consent to what this version declares, and to no more.
        ...(read.permissions ? { acceptedPermissions: read.permissions } : {}),
      },
    ],
  });
  const found = result.servers[0];
  if (!found) throw unreadable(root, `mcp.json has no server "${server}"`);
  if (found.status !== "active")
    throw new ConnectoryError(
      "run.server.inactive",
      `server "${server}" of ${manifest.name} ${manifest.version} is ${found.status}${found.why && found.status !== "needs-credentials" ? `: ${inactiveReasonEnglish(found)}` : ""}`,
      {
        hint:
          found.status === "needs-credentials"
            ? `set ${(found.missing ?? []).join(", ")} in the host's settings for this plugin (the host passes each to the server's environment)`
            : "report this to the connector's publisher",
      },
    );
  return { found, secretValues: result.secretValues };
}

function checkedFolder(dir: string): string {
  const root = path.resolve(dir);
  let real: string;
  try {
    real = fs.realpathSync(root);
  } catch {
    throw new ConnectoryError("run.package.missing", `no package folder at ${root}`, {
      hint: "give the folder the host installed the plugin or extension in (its plugin root)",
    });
  }
  if (!fs.statSync(real).isDirectory())
    throw new ConnectoryError("run.package.missing", `${root} is not a folder`, {
      hint: "give the folder the host installed the plugin or extension in (its plugin root)",
    });
  // The folder itself may be reached through a link (a host's cache layout); its files may not.
  return real;
}

function checkedFile(root: string, name: string, required: boolean): void {
  const file = path.join(root, name);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) {
    if (required) throw unreadable(root, `${name} is missing`);
    return;
  }
  if (!stat.isFile())
    throw unreadable(root, `${name} is ${stat.isSymbolicLink() ? "a symbolic link" : "not a file"}`);
}

function unreadable(root: string, why: string): ConnectoryError {
  return new ConnectoryError("run.package.invalid", `${root} is not a connector's host package: ${why}`, {
    hint: "reinstall the plugin from its registry; a host package keeps the connector's own plugin.json and mcp.json",
  });
}
