import { ConnectoryError } from "../../src/core/errors.js";
import {
  describePermissions,
  reachesFurther,
  type AcceptedPermissions,
  type Permissions,
} from "../../src/core/sandbox/permissions.js";
import { isRemote, type ServerSet } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { cacheDir } from "../home/home.js";
import type { InstalledEntry } from "../home/installed-store.js";
import { printable } from "../terminal/printable.js";
import { prompt } from "../terminal/prompt.js";
import { readCachedPackage } from "./cached-package.js";

export type { AcceptedPermissions };

/** The declared block of a version as installed.json records it. */
export function permissionsRecord(declared: Permissions | undefined): AcceptedPermissions {
  return declared ?? "unrestricted";
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
  return permissionsRecord(before?.manifest.permissions);
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
    /** Credential values known now: shown in place of their `${KEY}` in paths (the record keeps the templates). */
    values?: Record<string, unknown>;
  },
): Promise<AcceptedPermissions> {
  const record = permissionsRecord(input.declared);
  const local = Object.values(input.servers).some((s) => !isRemote(s));
  if (!local) return record;
  const ask =
    input.accepted === undefined
      ? input.declared !== undefined
      : reachesFurther(input.accepted, input.declared);
  if (!ask) return record;
  const show = (lines: string[]) => lines.map((l) => fillKnown(l, input.values ?? {}));
  const now = show(describePermissions(input.declared)).map((l) => `  ${l}`);
  const lines =
    input.accepted === undefined
      ? [`${input.label}'s local servers will run in a sandbox that allows only:`, ...now]
      : [
          `${input.label} asks for more than you accepted for its local servers:`,
          "  accepted:",
          ...show(describePermissions(input.accepted === "unrestricted" ? undefined : input.accepted)).map(
            (l) => `    ${l}`,
          ),
          "  now asks for:",
          ...now.map((l) => `  ${l}`),
        ];
  ctx.stderr.write(printable([...lines, ""].join("\n")));
  if (input.yes) return record;
  if (input.interactive) {
    const answer = (await prompt(ctx, { message: "accept these permissions? [y/N] " })).trim();
    if (/^y(es)?$/i.test(answer)) return record;
  }
  throw new ConnectoryError(
    "install.permissions.not-accepted",
    `${input.label}'s permissions were not accepted; nothing changed${input.accepted === undefined ? "" : " (the installed version keeps running)"}`,
    { hint: `review them (connectory info ${input.label}), then run: ${input.retry} --yes` },
  );
}

/** `${KEY}` replaced by its value where one is known (`${HOME}` stays: it is the user's home). */
function fillKnown(line: string, values: Record<string, unknown>): string {
  return line.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, key: string) =>
    key !== "HOME" && Object.hasOwn(values, key) && typeof values[key] === "string"
      ? (values[key] as string)
      : whole,
  );
}
