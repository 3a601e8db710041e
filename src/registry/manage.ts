import type { ConnectorStateDocument } from "../core/api/documents.js";
import { ConnectoryError } from "../core/errors.js";
import type { ConnectorState, VersionRecord } from "../db/connector-rows.js";
import type { RegistryTx } from "../db/registry-tx.js";
import type { RegistryDeps } from "./context.js";
import { distTags, versionDocument } from "./documents.js";
import { checkName, checkTag, checkVersion, clip } from "./names.js";
import { qualityFields } from "./quality.js";
import type { Publisher } from "./tokens.js";

type Auth = { name: string; publisher: Publisher };

/** Marks a version yanked: no range or `latest` picks it; tags pointing at it are removed. */
export function yankVersion(deps: RegistryDeps, input: Auth & { version: string }) {
  return changeVersion(deps, input, (v) => ({ ...v, yanked: true }));
}

/** Unyanks a version, unless an operator confirmed it malicious (409 `version.malicious`). */
export function unyankVersion(deps: RegistryDeps, input: Auth & { version: string }) {
  return changeVersion(deps, input, (v) => {
    if (v.malicious) {
      throw new ConnectoryError(
        "version.malicious",
        `${input.name}@${v.version} was confirmed malicious by an operator and stays yanked`,
        { status: 409, hint: "publish a new, clean version" },
      );
    }
    return { ...v, yanked: false };
  });
}

/** Sets (or, with an empty message, clears) a version's deprecation message. */
export function deprecateVersion(deps: RegistryDeps, input: Auth & { version: string; body: unknown }) {
  const message = (input.body as { message?: unknown } | null)?.message;
  // No control characters: the message is shown in terminals (escape sequences) and PostgreSQL refuses U+0000.
  // eslint-disable-next-line no-control-regex
  if (typeof message !== "string" || message.length > 1000 || /[\u0000-\u001f\u007f]/.test(message)) {
    throw new ConnectoryError(
      "deprecate.message.invalid",
      'the body must be {"message": "<one line of text, up to 1000 characters>"}',
      {
        status: 400,
        hint: 'send {"message": ""} to clear a deprecation',
      },
    );
  }
  return changeVersion(deps, input, (v) => ({ ...v, deprecated: message === "" ? null : message }));
}

/** Points a dist-tag at a version (PUT /v1/connectors/:name/dist-tags/:tag, body `"1.2.3"` or `{"version"}`). */
export function setDistTag(deps: RegistryDeps, input: Auth & { tag: string; body: unknown }) {
  const tag = checkTag(input.tag);
  const body = input.body as { version?: unknown } | string | null;
  const version = typeof body === "string" ? body : body?.version;
  if (typeof version !== "string") {
    throw new ConnectoryError(
      "dist-tag.body.invalid",
      'the body must be a version: "1.2.3" or {"version": "1.2.3"}',
    );
  }
  checkVersion(version);
  return change(deps, input, (state) => {
    const target = findVersion(state, version);
    if (target.yanked) {
      throw new ConnectoryError(
        "dist-tag.version.yanked",
        `${state.name}@${version} is yanked; a tag cannot point at it`,
        {
          status: 409,
          hint: "unyank it first, or tag another version",
        },
      );
    }
    return { ...state, tags: { ...state.tags, [tag]: version } };
  });
}

/** Removes a dist-tag; removing `latest` returns it to the computed default. */
export function removeDistTag(deps: RegistryDeps, input: Auth & { tag: string }) {
  const tag = checkTag(input.tag);
  return change(deps, input, (state) => {
    // Own keys only: `constructor` is a valid tag name and an inherited property of every object.
    if (!Object.hasOwn(state.tags, tag) && tag !== "latest") {
      throw new ConnectoryError("dist-tag.not-found", `${state.name} has no dist-tag "${tag}"`, {
        status: 404,
      });
    }
    const { [tag]: _removed, ...tags } = state.tags;
    return { ...state, tags };
  });
}

function changeVersion(
  deps: RegistryDeps,
  input: Auth & { version: string },
  fn: (v: VersionRecord) => VersionRecord,
) {
  const version = checkVersion(input.version);
  return change(deps, input, (state) => {
    const updated = fn(findVersion(state, version));
    const versions = state.versions.map((v) => (v.version === version ? updated : v));
    const tags = updated.yanked
      ? Object.fromEntries(Object.entries(state.tags).filter(([, v]) => v !== version))
      : state.tags;
    return { ...state, versions, tags };
  });
}

/**
 * One owner-only change to a connector, in one transaction: load, apply `fn`, then rewrite the changed
 * version documents, the tags and the connector document. Returns the resulting dist-tags and version states.
 */
async function change(
  deps: RegistryDeps,
  input: Auth,
  fn: (state: ConnectorState) => ConnectorState,
): Promise<ConnectorStateDocument> {
  const name = checkName(input.name);
  return deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    if (!state) throw notFound(name);
    checkOwner(state, input.publisher);
    const next = { ...fn(state), updatedAt: deps.now().toISOString() };
    await persist(tx, deps, state, next);
    return {
      name,
      distTags: distTags(next),
      versions: next.versions.map((v) => ({
        version: v.version,
        yanked: v.yanked,
        deprecated: v.deprecated,
      })),
    };
  });
}

/** Rewrites what changed between `before` and `after`: version documents, tags, the connector document. */
export async function persist(
  tx: RegistryTx,
  deps: Pick<RegistryDeps, "publicUrl" | "now">,
  before: ConnectorState,
  after: ConnectorState,
) {
  const publicUrl = deps.publicUrl;
  for (const v of after.versions) {
    const old = before.versions.find((o) => o.version === v.version);
    if (old && old.yanked === v.yanked && old.deprecated === v.deprecated && old.malicious === v.malicious)
      continue;
    const document = versionDocument(after.name, after.publisher, v, publicUrl);
    await tx.updateVersion(after.id, v.version, {
      yanked: v.yanked,
      deprecated: v.deprecated,
      ...(v.malicious !== undefined ? { malicious: v.malicious } : {}),
      document,
    });
  }
  await tx.setTags(after.id, after.tags);
  await tx.updateConnector(after.id, await qualityFields(tx, deps, after));
}

/** 403 unless `owner` is the connector's publisher. */
export function checkOwner(state: ConnectorState, owner: Publisher): void {
  if (state.publisherId !== owner.publisherId) {
    throw new ConnectoryError(
      "connector.forbidden",
      `"${state.name}" belongs to publisher "${state.publisher}"`,
      {
        status: 403,
        hint: "only the owning publisher's tokens can change it",
      },
    );
  }
}

/** The stored version `version` of a connector; 404 when there is none. */
export function findVersion(state: ConnectorState, version: string): VersionRecord {
  const found = state.versions.find((v) => v.version === version);
  if (!found) {
    throw new ConnectoryError("version.not-found", `${state.name} has no version ${clip(version)}`, {
      status: 404,
    });
  }
  return found;
}

/** 404 for a connector name nobody has published. */
export function notFound(name: string): ConnectoryError {
  return new ConnectoryError("connector.not-found", `no connector named "${clip(name)}"`, {
    status: 404,
    hint: "check the spelling, or search with `connectory search <words>`",
  });
}
