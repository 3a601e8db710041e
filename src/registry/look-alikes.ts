import { ConnectoryError } from "../core/errors.js";
import { displaySkeleton, nameSkeleton } from "../core/names/skeleton.js";
import type { ConnectorState, LookAlike } from "../db/connector-rows.js";
import type { RegistryTx } from "../db/registry-tx.js";
import type { VersionContent } from "../core/api/documents.js";

/**
 * Refuses a publish whose new name, or new display name, looks like another publisher's connector
 * (same skeleton: src/core/names/skeleton.ts). Checked inside the publish transaction with one indexed
 * query. A name is checked when it is claimed; a display name when a version introduces it, so a
 * connector that already showed it before this rule keeps publishing.
 */
export async function checkLookAlikes(
  tx: RegistryTx,
  input: {
    name: string;
    displayName: string | undefined;
    publisherId: number;
    state: ConnectorState | undefined;
  },
): Promise<void> {
  // A new name against names and titles (a card's title is the display name, else the name).
  const name = input.state ? undefined : nameSkeleton(input.name);
  const nameAsTitle = input.state ? undefined : displaySkeleton(input.name);
  const display = input.displayName === undefined ? undefined : displaySkeleton(input.displayName);
  const newDisplay = display !== undefined && !shownBefore(input.state, display) ? display : undefined;
  const wanted = [...new Set([name, nameAsTitle, newDisplay].filter((s): s is string => s !== undefined))];
  if (wanted.length === 0) return;
  const found = await tx.findLookAlikes(wanted, input.publisherId);
  const byName = found.find(
    (c) =>
      (name !== undefined && c.nameSkeleton === name) ||
      (nameAsTitle !== undefined && c.displaySkeleton === nameAsTitle),
  );
  if (byName) throw lookAlike("publish.name.look-alike", `the name "${input.name}"`, byName);
  const byDisplay =
    newDisplay === undefined ? undefined : found.find((c) => c.displaySkeleton === newDisplay);
  if (byDisplay) {
    throw lookAlike("publish.display-name.look-alike", `the display name "${input.displayName}"`, byDisplay);
  }
}

function shownBefore(state: ConnectorState | undefined, skeleton: string): boolean {
  return (state?.versions ?? []).some((v) => {
    const shown = (JSON.parse(v.content) as VersionContent).manifest.displayName ?? state?.name;
    return shown !== undefined && displaySkeleton(shown) === skeleton;
  });
}

function lookAlike(code: string, what: string, other: LookAlike): ConnectoryError {
  const theirs = other.displayName ? `"${other.name}" ("${other.displayName}")` : `"${other.name}"`;
  return new ConnectoryError(
    code,
    `${what} looks like ${theirs} of publisher "${other.publisher}" (same letters once look-alike characters, case and hyphens are folded)`,
    {
      status: 409,
      hint:
        code === "publish.name.look-alike"
          ? "choose a name that reads differently; look-alike names of another publisher's connector are refused"
          : 'choose a display name that reads differently (or leave "displayName" out)',
    },
  );
}
