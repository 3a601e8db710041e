import type { RemoteOAuth } from "../types.js";
import { note, type ConvertNote } from "./notes.js";
import { isObject } from "../json-guards.js";

type Json = Record<string, unknown>;
/** The package format's rules for `oauth` (schemas/mcp.schema.json `$defs/oauth`). */
const SCOPE = /^[!#-[\]-~]{1,128}$/;
const METADATA_URL = /^https:\/\/[^/?#\s]+\/\S+$/;
const MAX_SCOPES = 32;

/**
 * Claude Code's `oauth` on an http/sse server (`clientId`, `callbackPort`, `scopes`, `authServerMetadataUrl`)
 * → ours. `clientId` and `scopes` (a space-separated string in Claude Code, a list accepted too) carry over;
 * the rest has no place in mcp.json and is noted (`convert.oauth.dropped`). A value that breaks our rules is
 * left out with a note, never written.
 */
export function claudeOAuth(raw: unknown, at: string, notes: ConvertNote[]): RemoteOAuth {
  const oauth: RemoteOAuth = {};
  if (!isObject(raw)) {
    if (raw !== true)
      notes.push(
        note("convert.oauth.dropped", at, "oauth is not an object: the server signs in with OAuth defaults"),
      );
    return oauth;
  }
  const id = raw["clientId"];
  if (typeof id === "string" && id.length >= 1 && id.length <= 255) oauth.clientId = id;
  else if (id !== undefined)
    notes.push(
      note("convert.oauth.dropped", `${at}/clientId`, "the client id is not 1–255 characters: left out"),
    );
  const metadata = raw["clientMetadataUrl"];
  if (typeof metadata === "string" && metadata.length <= 2048 && METADATA_URL.test(metadata))
    oauth.clientMetadataUrl = metadata;
  else if (metadata !== undefined)
    notes.push(
      note(
        "convert.oauth.dropped",
        `${at}/clientMetadataUrl`,
        "the client metadata URL is not an https URL with a path: left out",
      ),
    );
  const scopes = scopeList(raw["scopes"], `${at}/scopes`, notes);
  if (scopes.length > 0) oauth.scopes = scopes;
  const dropped: string[] = [];
  for (const key of Object.keys(raw)) {
    if (key === "clientId" || key === "clientMetadataUrl" || key === "scopes") continue;
    dropped.push(key);
  }
  if (dropped.length > 0)
    notes.push(
      note(
        "convert.oauth.dropped",
        at,
        `oauth ${dropped.join(", ")} ${dropped.length > 1 ? "have" : "has"} no place in mcp.json (Connectory picks its own loopback port and discovers the authorization server from the server): left out`,
      ),
    );
  return oauth;
}

/** Scopes from a space-separated string or a list, each checked; duplicates and bad tokens noted. */
export function scopeList(raw: unknown, at: string, notes: ConvertNote[]): string[] {
  if (raw === undefined) return [];
  const tokens =
    typeof raw === "string"
      ? raw.split(/\s+/).filter((s) => s !== "")
      : Array.isArray(raw)
        ? raw.filter((s): s is string => typeof s === "string")
        : undefined;
  if (tokens === undefined || (Array.isArray(raw) && tokens.length !== raw.length)) {
    notes.push(note("convert.oauth.dropped", at, "scopes must be strings: the others are left out"));
    if (tokens === undefined) return [];
  }
  const out: string[] = [];
  for (const s of tokens) {
    if (!SCOPE.test(s)) {
      notes.push(
        note(
          "convert.oauth.dropped",
          at,
          `scope ${JSON.stringify(s.slice(0, 40))} is not a scope token: left out`,
        ),
      );
      continue;
    }
    if (!out.includes(s)) out.push(s);
  }
  if (out.length > MAX_SCOPES) {
    notes.push(
      note("convert.oauth.dropped", at, `more than ${MAX_SCOPES} scopes: the first ${MAX_SCOPES} are kept`),
    );
    out.length = MAX_SCOPES;
  }
  return out;
}
