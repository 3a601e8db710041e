import semver from "semver";
import { marketplaceOption } from "../command.js";
import type { CommandContext } from "../context.js";
import { publishToken } from "../credentials/credentials-store.js";
import { NAME } from "../../src/core/names.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { ManageClient } from "./manage-client.js";
import { localizedUsageError } from "../terminal/language.js";

/** `--marketplace`: the registry a publisher verb talks to. */
export const MARKETPLACE_OPTION = marketplaceOption(
  "the marketplace to act on (default: the default marketplace)",
);

/** The marketplace `--marketplace` names (or the default) and a client holding its publish token. */
export async function ownerSession(
  ctx: CommandContext,
  marketplace: unknown,
): Promise<{ marketplace: { name: string; url: string }; client: ManageClient }> {
  const m = await resolveMarketplace(
    ctx.home,
    ctx.env,
    typeof marketplace === "string" ? marketplace : undefined,
  );
  const token = await publishToken(ctx.home, ctx.env, m);
  return { marketplace: m, client: new ManageClient(m.url, ctx.fetch, token) };
}

/** A connector name as the registry accepts it; anything else is a usage error before any request. */
export function checkConnectorName(name: string, example: string): string {
  if (!NAME.test(name))
    throw localizedUsageError(
      { key: "usage.not-a-name", params: { name: clip(name) } },
      { key: "usage.not-a-name-hint", params: { example } },
    );
  return name;
}

/** `<name>@<version>` with an exact (strict semver) version, as `yank` and `dist-tag add` take it. */
export function parseExact(spec: string, example: string): { name: string; version: string } {
  const at = spec.lastIndexOf("@");
  if (at <= 0 || at === spec.length - 1)
    throw localizedUsageError(
      { key: "usage.no-version", params: { spec: clip(spec) } },
      { key: "usage.no-version-hint", params: { example } },
    );
  const name = checkConnectorName(spec.slice(0, at), example);
  const version = spec.slice(at + 1);
  if (!/^\d/.test(version) || semver.parse(version)?.raw !== version)
    throw localizedUsageError(
      { key: "usage.not-exact-version", params: { version: clip(version) } },
      { key: "usage.example", params: { example } },
    );
  return { name, version };
}

// The registry's rule (src/registry/names.ts), checked here too so a bad tag never leaves the machine.
const TAG = /^[a-z][a-z0-9._-]{0,31}$/;

/** A dist-tag name: a lower-case word that cannot be read as a version or a range. */
export function checkTag(tag: string): string {
  if (!TAG.test(tag) || semver.validRange(tag) !== null)
    throw localizedUsageError(
      { key: "usage.not-a-tag", params: { tag: clip(tag) } },
      { key: "usage.not-a-tag-hint" },
    );
  return tag;
}

/** Input echoed in messages stays short and on one line. */
export function clip(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]/g, "?");
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
