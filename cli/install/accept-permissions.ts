import { permissionText } from "../terminal/permission-text.js";
import { localizedError, say } from "../terminal/language.js";
import {
  reachesFurther,
  type AcceptedPermissions,
  type Permissions,
} from "../../src/core/sandbox/permissions.js";
import { describeFetch } from "../../src/core/sandbox/fetch-step.js";
import { consentView } from "../../src/core/sandbox/grant-paths.js";
import { isRemote, type ServerSet, type TokenSchema } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { cacheDir } from "../home/home.js";
import type { InstalledEntry } from "../home/installed-store.js";
import { printable } from "../terminal/printable.js";
import { prompt } from "../terminal/prompt.js";
import { readCachedPackage } from "./cached-package.js";

export type { AcceptedPermissions };

/**
 * The declared block of a version as installed.json records it: its consent view (credential defaults
 * filled, paths cleaned), so a later default that reaches further is a permission change. Throws
 * `install.permissions.invalid` for a path that has no clean spelling.
 */
export function permissionsRecord(
  declared: Permissions | undefined,
  schema: TokenSchema | undefined,
): AcceptedPermissions {
  if (!declared) return "unrestricted";
  try {
    return consentView(declared, schema);
  } catch (error) {
    throw localizedError(
      "install.permissions.invalid",
      { key: "install.permissions-invalid", params: { why: (error as Error).message } },
      { key: "install.permissions-invalid-hint" },
    );
  }
}

/**
 * What the user accepted for an installed connector: its record, or (installed before consent was
 * recorded) what its installed version declares; undefined when nothing is installed.
 */
export async function acceptedBefore(
  home: string,
  entry: InstalledEntry | undefined,
): Promise<AcceptedPermissions | undefined> {
  if (!entry) return undefined;
  if (entry.permissions !== undefined) return entry.permissions;
  const dir = cacheDir(home, entry.marketplace, entry.name, entry.version);
  const before = await readCachedPackage(dir, `${entry.name}@${entry.version}`).catch(() => undefined);
  try {
    return permissionsRecord(before?.manifest.permissions, before?.tokenSchema);
  } catch {
    return before?.manifest.permissions ?? "unrestricted";
  }
}

/**
 * Consent for the permissions of a connector's local servers, as a browser asks for an extension's:
 * a new install that declares permissions shows them and asks; an update (or reinstall) asks again only
 * when they reach further than what was accepted. `--yes` accepts; on a terminal a "y" does; otherwise
 * it throws `install.permissions.not-accepted` and nothing changes (the installed version keeps
 * running). A new install that declares none runs unrestricted, as every connector did before
 * permissions existed: it is shown, not asked. Returns the record to store in installed.json.
 */
export async function acceptPermissions(
  ctx: Pick<CommandContext, "stdin" | "stderr">,
  input: {
    label: string;
    servers: ServerSet;
    declared: Permissions | undefined;
    /** What was accepted for the installed version; undefined for a first install. */
    accepted: AcceptedPermissions | undefined;
    yes: boolean;
    interactive: boolean;
    /** The command that accepts, without `--yes`. */
    retry: string;
    /** The version's token-schema.json: credential defaults fill the paths the consent shows and records. */
    tokenSchema: TokenSchema | undefined;
    /** Credential values known now: shown in place of their `${KEY}` in paths (the record keeps the defaults). */
    values?: Record<string, unknown>;
  },
): Promise<AcceptedPermissions> {
  const record = permissionsRecord(input.declared, input.tokenSchema);
  const local = Object.values(input.servers).some((s) => !isRemote(s));
  if (!local) return record;
  const ask =
    input.accepted === undefined
      ? input.declared !== undefined
      : reachesFurther(input.accepted, record === "unrestricted" ? undefined : record);
  if (!ask) return record;
  // Shown as they will be granted: the user's values where known, cleaned (a bad value is refused here).
  const shown = permissionsRecord(input.declared, withValues(input.tokenSchema, input.values ?? {}));
  const fetches =
    shown !== "unrestricted" && (shown.network ?? "none") !== "any"
      ? describeFetch(
          Object.values(input.servers).flatMap((s) =>
            isRemote(s) ? [] : [{ command: s.command, args: s.args ?? [] }],
          ),
          {
            npm: (spec) => say("permissions.fetch-npm", { spec }),
            pypi: (spec) => say("permissions.fetch-pypi", { spec }),
          },
        )
      : [];
  // Words for a person (stderr): in the run's language; what is recorded stays the declared block.
  const now = [...permissionText(shown === "unrestricted" ? undefined : shown), ...fetches].map(
    (l) => `  ${l}`,
  );
  const lines =
    input.accepted === undefined
      ? [say("permissions.sandbox-only", { label: input.label }), ...now]
      : [
          say("permissions.asks-more", { label: input.label }),
          `  ${say("permissions.accepted")}`,
          ...permissionText(input.accepted === "unrestricted" ? undefined : input.accepted).map(
            (l) => `    ${l}`,
          ),
          `  ${say("permissions.now")}`,
          ...now.map((l) => `  ${l}`),
        ];
  ctx.stderr.write(printable([...lines, ""].join("\n")));
  if (input.yes) return record;
  if (input.interactive) {
    const answer = (await prompt(ctx, { message: say("permissions.accept-prompt") })).trim();
    if (/^y(es)?$/i.test(answer)) return record;
  }
  throw localizedError(
    "install.permissions.not-accepted",
    {
      key: input.accepted === undefined ? "permissions.not-accepted" : "permissions.not-accepted-kept",
      params: { label: input.label },
    },
    { key: "permissions.not-accepted-hint", params: { label: input.label, retry: input.retry } },
  );
}

/** The schema with the user's string values as the defaults: what the paths will hold at launch. */
function withValues(
  schema: TokenSchema | undefined,
  values: Record<string, unknown>,
): TokenSchema | undefined {
  if (!schema) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([k, p]) => {
      const v = values[k];
      return [k, typeof v === "string" && v !== "" ? { ...p, default: v } : p];
    }),
  );
  return { ...schema, properties };
}
