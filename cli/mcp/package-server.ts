import fs from "node:fs";
import path from "node:path";
import { ConnectoryError, isConnectoryError } from "../../src/core/errors.js";
import {
  errorText,
  localizedError,
  say,
  sayBoth,
  sayEnglish,
  unsaid,
  type Said,
  type SaidBoth,
} from "../terminal/language.js";
import { mergeServers, type ExplainedServer } from "../../src/core/merge.js";
import type { Credentials } from "../../src/core/types.js";
import { readVersionFolder } from "../home/effective-config.js";
import { credentialVariable } from "../../src/core/host-catalogs/sandbox-wrapper.js";
import { inactiveReasonIn } from "../terminal/inactive-reason.js";

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
    throw unreadable(
      root,
      isConnectoryError(error)
        ? { en: error.message, text: errorText(error).message }
        : unsaid((error as Error).message),
    );
  }
  if (typeof manifest?.name !== "string" || typeof manifest.version !== "string")
    throw unreadable(
      root,
      sayBoth((t) => t("host-package.no-name")),
    );
  if (!Object.hasOwn(read.servers, server)) {
    const names = Object.keys(read.servers);
    throw localizedError(
      "run.package.server",
      { key: "host-package.no-server", params: { root, server } },
      names.length > 0
        ? { key: "host-package.servers", params: { servers: names.join(", ") } }
        : { key: "host-package.servers-none" },
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
  if (!found)
    throw unreadable(
      root,
      sayBoth((t) => t("host-package.mcp-no-server", { server })),
    );
  if (found.status !== "active") throw inactiveError(found, server, `${manifest.name} ${manifest.version}`);
  return { found, secretValues: result.secretValues };
}

function checkedFolder(dir: string): string {
  const root = path.resolve(dir);
  let real: string;
  try {
    real = fs.realpathSync(root);
  } catch {
    throw localizedError(
      "run.package.missing",
      { key: "host-package.missing", params: { root } },
      { key: "host-package.missing-hint" },
    );
  }
  if (!fs.statSync(real).isDirectory())
    throw localizedError(
      "run.package.missing",
      { key: "host-package.not-folder", params: { root } },
      { key: "host-package.missing-hint" },
    );
  // The folder itself may be reached through a link (a host's cache layout); its files may not.
  return real;
}

function checkedFile(root: string, name: string, required: boolean): void {
  const file = path.join(root, name);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat) {
    if (required)
      throw unreadable(
        root,
        sayBoth((t) => t("host-package.file-missing", { name })),
      );
    return;
  }
  if (!stat.isFile())
    throw unreadable(
      root,
      sayBoth((t) =>
        t(stat.isSymbolicLink() ? "host-package.file-link" : "host-package.file-not-file", { name }),
      ),
    );
}

/** Not a host package: why, in English (the error, --json) and in the run's language (the text). */
function unreadable(root: string, why: SaidBoth): ConnectoryError {
  return new ConnectoryError(
    "run.package.invalid",
    sayEnglish("host-package.invalid", { root, why: why.en }),
    {
      hint: sayEnglish("host-package.invalid-hint"),
      localized: {
        message: { key: "host-package.invalid", params: { root, why: why.text } },
        hint: { key: "host-package.invalid-hint" },
      },
    },
  );
}

/** A server of the package that is not active: its status and why, and what the host's user can do. */
function inactiveError(found: ExplainedServer, server: string, label: string): ConnectoryError {
  const reason = found.why && found.status !== "needs-credentials";
  const message = (speak: typeof sayEnglish): Said =>
    reason
      ? {
          key: "host-package.inactive-because",
          params: { server, label, status: found.status, reason: inactiveReasonIn(found, speak) ?? "" },
        }
      : { key: "host-package.inactive", params: { server, label, status: found.status } };
  const hint: Said =
    found.status === "needs-credentials"
      ? { key: "host-package.set-in-host", params: { keys: (found.missing ?? []).join(", ") } }
      : { key: "host-package.report" };
  const english = message(sayEnglish);
  return new ConnectoryError("run.server.inactive", sayEnglish(english.key, english.params), {
    hint: sayEnglish(hint.key, hint.params),
    localized: { message: message(say), hint },
  });
}
