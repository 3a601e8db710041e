import type { Launch, ServerSpec } from "../types.js";
import { MAX_JSON_DEPTH, valueDepth } from "../json-depth.js";
import { buildPackage } from "./build-package.js";
import { listingOnly } from "./listing-only.js";
import { CredentialSet, trackingSet } from "./inputs.js";
import { connectorName, toConnectorName, version } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";
import { refuse, type Conversion, type ConvertOptions, type Draft, nameRefusal } from "./types.js";
import { isObject } from "../json-guards.js";
import { camel } from "./server-json-camel.js";
import {
  MAX_ALTERNATIVES,
  packageServer,
  remoteServer,
  unsupportedPackage,
  unsupportedRemote,
  withInputNames,
} from "./server-json-launches.js";

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** The publisher from the reverse-DNS namespace: `io.github.<owner>` → owner, `com.cloudflare` → cloudflare. */
export function publisherOf(upstream: string): string | undefined {
  const namespace = upstream.includes("/") ? upstream.slice(0, upstream.indexOf("/")) : upstream;
  const labels = namespace.split(".");
  const github = labels[1] === "github" || labels[1] === "gitlab";
  const label = github ? labels.slice(2).join("-") : (labels[1] ?? labels[0] ?? "");
  return toConnectorName(label);
}

/**
 * One official-registry `server.json` entry (or a `{ server, _meta }` item of /v0.1/servers) → connector.
 * packages[] and remotes[] are alternatives: the first package that runs over stdio from npm, PyPI, OCI or NuGet
 * is chosen, else the first remote; the others are kept verbatim in provenance.
 */
export function fromServerJson(input: unknown, options: ConvertOptions = {}): Conversion {
  const notes: ConvertNote[] = [];
  // The readers below recurse: a value nested past the limit is refused before any of them runs.
  if (valueDepth(input, MAX_JSON_DEPTH + 1) > MAX_JSON_DEPTH)
    return refuse(
      "convert.refused.too-deep",
      `the server.json nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, which no server.json needs`,
    );
  const wrapped = isObject(input) && isObject(input["server"]) ? input : undefined;
  const entry = camel(wrapped ? wrapped["server"] : input);
  if (!isObject(entry) || typeof entry["name"] !== "string")
    return refuse("convert.refused.shape", 'not a server.json entry: an object with "name" is needed');
  const upstreamName = entry["name"];
  const tail = upstreamName.includes("/")
    ? upstreamName.slice(upstreamName.lastIndexOf("/") + 1)
    : upstreamName;
  const name = connectorName(tail, notes);
  if (name === undefined) return nameRefusal(upstreamName, notes);
  const publisher = options.publisher ?? publisherOf(upstreamName) ?? name;

  const credentials = new CredentialSet(notes);
  const alternatives = [
    ...list(entry["packages"]).map((p, i) => ({ at: `/packages/${i}`, kind: "package" as const, value: p })),
    ...list(entry["remotes"]).map((r, i) => ({ at: `/remotes/${i}`, kind: "remote" as const, value: r })),
  ];
  // Every package and remote that Connectory can run becomes a launch of the one server (mcp.json 2
  // alternatives), in server.json order: packages first, then remotes. The machine picks at install.
  const launches: Array<{ at: string; launch: Launch }> = [];
  for (const alt of alternatives) {
    const why = alt.kind === "package" ? unsupportedPackage(alt.value) : unsupportedRemote(alt.value);
    if (why !== undefined) {
      notes.push(note("convert.alternative.unsupported", alt.at, why));
      continue;
    }
    // mcp.json 2 holds a server and at most MAX_ALTERNATIVES alternatives: the rest stay in provenance.
    if (launches.length > MAX_ALTERNATIVES) {
      notes.push(
        note(
          "convert.alternative.unsupported",
          alt.at,
          `a server takes at most ${MAX_ALTERNATIVES} alternatives: kept in provenance.json`,
        ),
      );
      continue;
    }
    const used = new Map<string, string[]>();
    const tracked = trackingSet(credentials, used);
    const launch =
      alt.kind === "package"
        ? packageServer(alt.value, alt.at, tracked, notes)
        : remoteServer(alt.value, alt.at, tracked, notes);
    launches.push({ at: alt.at, launch: withInputNames(launch, used) });
  }
  const [first, ...rest] = launches;
  // Nothing to run: the entry is still listed when the caller asks for that (a valid server.json that the
  // registry keeps verbatim), else refused.
  const nothing = first
    ? undefined
    : refuse(
        "convert.refused.no-server",
        alternatives.length === 0
          ? `"${upstreamName}" lists no packages and no remotes: there is nothing to run`
          : `none of the ${alternatives.length} packages/remotes of "${upstreamName}" can be run by Connectory (see the notes)`,
        notes,
        upstreamName,
      );
  if (nothing && !options.listing) return nothing;
  const others = alternatives.filter((a) => !launches.some((l) => l.at === a.at));
  if (first && rest.length > 0)
    notes.push(
      note(
        "convert.alternative.kept",
        "",
        `${first.at.slice(1)} is the first launch; ${rest.map((o) => o.at.slice(1)).join(", ")} became its alternatives (mcp.json 2)`,
      ),
    );

  const repository = isObject(entry["repository"]) ? str(entry["repository"]["url"]) : undefined;
  const extra: Json = {};
  for (const key of ["icons", "_meta", "$schema"]) if (entry[key] !== undefined) extra[key] = entry[key];
  if (wrapped && wrapped["_meta"] !== undefined) extra["registryMeta"] = wrapped["_meta"];
  if (entry["icons"] !== undefined)
    notes.push(
      note(
        "convert.field.dropped",
        "/icons",
        "icons are URLs; a package icon must be a file in the package: kept in provenance.json",
      ),
    );
  const draft: Draft = {
    name,
    version: version(str(entry["version"]), notes),
    publisher,
    tags: [],
    servers: first
      ? {
          [name]: (rest.length > 0
            ? { ...first.launch, alternatives: rest.map((r) => r.launch) }
            : first.launch) as ServerSpec,
        }
      : {},
    credentials: credentials.properties,
    required: credentials.required,
    provenance: {
      format: "server-json",
      upstreamName,
      ...(str(entry["version"]) ? { upstreamVersion: str(entry["version"])! } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
      ...(first ? { chosen: first.at.slice(1) } : {}),
      ...(rest.length > 0 ? { launches: launches.map((l) => l.at.slice(1)) } : {}),
      ...(others.length > 0 ? { alternatives: others.map((o) => ({ at: o.at.slice(1), ...o.value })) } : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    },
  };
  const description = str(entry["description"]);
  const title = str(entry["title"]);
  const website = str(entry["websiteUrl"]);
  if (description !== undefined) draft.description = description;
  if (title !== undefined) draft.displayName = title;
  if (website !== undefined) draft.homepage = website;
  if (repository !== undefined) draft.repository = repository;
  if (nothing) return listingOnly(draft, nothing, notes);
  const built = buildPackage(draft, notes);
  // A launch the package rules refuse (docker `--network host`): listed, not installable, when asked.
  return !built.ok && options.listing && built.code === "convert.refused.invalid-package"
    ? listingOnly(draft, built, notes)
    : built;
}
