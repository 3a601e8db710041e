import semver from "semver";
import type { ImportProvenance, PublishedDocument } from "../core/api/documents.js";
import { ConnectoryError, isConnectoryError } from "../core/errors.js";
import type { ConnectorState, VersionRecord } from "../db/connector-rows.js";
import type { RegistryTx } from "../db/registry-tx.js";
import { computeIntegrity } from "../package/integrity.js";
import { readTarball } from "../package/read-tarball.js";
import { blobKey } from "../storage/blob-store.js";
import type { Publisher } from "./tokens.js";
import type { RegistryDeps } from "./context.js";
import { versionContent, versionDocument } from "./documents.js";
import { checkLookAlikes } from "./look-alikes.js";
import { checkName } from "./names.js";
import { qualityFields } from "./quality.js";
import { readmeHtml } from "./readme/readme-html.js";
import { manifestDigest } from "../core/signing/statement.js";
import { signVersion } from "./signing/signer.js";
import { appendToLog } from "./tlog/append.js";

/** The publish result; the route adds the URLs (PublishedDocument). */
export type PublishResult = Omit<PublishedDocument, "url" | "tarball">;

/**
 * Publishes a tarball (PUT /v1/connectors/:name). Everything that can be checked without the database is
 * checked first; then one transaction claims the version, writes the blob and the rows together. If any
 * of it fails, the transaction rolls back and the blob is removed, so nothing is left behind.
 */
export async function publishTarball(
  deps: RegistryDeps,
  input: {
    name: string;
    publisher: Publisher;
    bytes: Uint8Array;
    /** Set by the importer only (in-process, never from a request): where the version came from. */
    provenance?: ImportProvenance;
    /** Set by the importer only: the server.json the version came from, verbatim (already validated). */
    serverJson?: string;
  },
): Promise<PublishResult> {
  const owner = input.publisher;
  const name = checkName(input.name);
  if (owner.scope && owner.scope.connector !== name) {
    throw new ConnectoryError("auth.scope", `this token may publish "${owner.scope.connector}" only`, {
      status: 403,
      hint: "exchange a CI token for this connector (POST /v1/oidc/token)",
    });
  }
  if (input.bytes.byteLength === 0) {
    throw new ConnectoryError("publish.body.empty", "the request has no body", {
      hint: "send the tarball (`connectory pack`) as the request body",
    });
  }
  const digest = computeIntegrity(input.bytes);
  // The validators (ajv and its schemas, yaml) load at the first publish, not with every start (issue 29).
  const { validatePackage } = await import("../core/package/validate-package.js");
  const report = validatePackage(await readTarball(input.bytes));
  const errors = report.problems.filter((p) => p.severity === "error");
  if (!report.ok || !report.package) {
    throw new ConnectoryError("publish.invalid", `the package has ${errors.length} error(s)`, {
      status: 422,
      problems: errors,
      hint: "run `connectory validate <dir>` and fix every error, then publish again",
    });
  }
  const manifest = report.package.manifest;
  if (manifest.name !== name) {
    throw new ConnectoryError(
      "publish.name.mismatch",
      `plugin.json names "${manifest.name}" but the URL names "${name}"`,
      {
        hint: `publish to /v1/connectors/${manifest.name}, or fix plugin.json's name`,
      },
    );
  }
  if (manifest.publisher !== owner.publisher) {
    throw new ConnectoryError(
      "publish.publisher.mismatch",
      `plugin.json says publisher "${manifest.publisher}" but the token belongs to "${owner.publisher}"`,
      {
        status: 403,
        hint: `set "publisher": "${owner.publisher}" in plugin.json, or use that publisher's token`,
      },
    );
  }

  const key = blobKey(digest.sha256);
  const now = deps.now().toISOString();
  const record: VersionRecord = {
    version: manifest.version,
    publishedAt: now,
    yanked: false,
    deprecated: null,
    ...digest,
    blobKey: key,
    content: JSON.stringify(versionContent(report.package)),
    // Kept for the quality item package.warnings (docs/quality.md).
    warnings: JSON.stringify(report.problems.filter((p) => p.severity === "warning").map((p) => p.code)),
    // Rendered now, in the README worker (the event loop only waits), so a page view never parses markdown.
    readmeHtml: await readmeHtml(deps.readme, report.package.readme),
    provenance: input.provenance ? JSON.stringify(input.provenance) : null,
    serverJson: input.serverJson ?? null,
    // A trusted publish (a token from a CI exchange) records the build it came from.
    buildProvenance: owner.scope ? JSON.stringify(owner.scope.provenance) : null,
  };
  // Signed before the transaction (CPU only); appended to the transparency log inside it, in commit order.
  const signed = signVersion(deps.signing.signer, {
    name,
    version: record.version,
    publisher: owner.publisher,
    integrity: digest.integrity,
    sha256: digest.sha256,
    size: digest.size,
    manifestDigest: manifestDigest(manifest),
    publishedAt: now,
    // The signature covers where a trusted publish was built.
    ...(owner.scope ? { provenance: { ...owner.scope.provenance } } : {}),
  });
  record.statement = signed.statement;
  record.signatures = signed.signatures;
  let blobWritten = false;
  try {
    await deps.repo.transaction(async (tx) => {
      const state = await tx.loadConnector(name);
      checkCanPublish(state, owner.publisherId, owner.publisher, record.version);
      await checkLookAlikes(tx, {
        name,
        displayName: manifest.displayName,
        publisherId: owner.publisherId,
        state,
      });
      await putBlob(deps, key, input.bytes);
      blobWritten = true;
      record.logIndex = await appendToLog(tx, { data: signed.bytes, ...deps.signing, now });
      await writeVersion(
        tx,
        deps,
        state,
        { name, publisherId: owner.publisherId, publisher: owner.publisher },
        record,
      );
    });
  } catch (error) {
    if (blobWritten) await removeOrphan(deps, name, key);
    if (isConnectoryError(error) && error.code === "db.conflict") throw versionExists(name, record.version);
    throw error;
  }
  return {
    name,
    version: record.version,
    ...digest,
    warnings: report.problems.filter((p) => p.severity === "warning"),
  };
}

function checkCanPublish(
  state: ConnectorState | undefined,
  publisherId: number,
  publisher: string,
  version: string,
) {
  if (state && state.publisherId !== publisherId) {
    throw new ConnectoryError(
      "connector.forbidden",
      `"${state.name}" belongs to publisher "${state.publisher}", not "${publisher}"`,
      {
        status: 403,
        hint: "choose another name; a name belongs to the publisher who first published it",
      },
    );
  }
  // Versions are immutable: a yanked version still occupies its number (and so does 1.0.0+build for 1.0.0).
  if (state?.versions.some((v) => semver.eq(v.version, version))) throw versionExists(state.name, version);
}

function versionExists(name: string, version: string): ConnectoryError {
  return new ConnectoryError(
    "publish.version.exists",
    `${name}@${version} already exists; versions are immutable`,
    {
      status: 409,
      hint: "bump the version in plugin.json and publish again",
    },
  );
}

async function writeVersion(
  tx: RegistryTx,
  deps: Pick<RegistryDeps, "publicUrl" | "now">,
  state: ConnectorState | undefined,
  who: { name: string; publisherId: number; publisher: string },
  record: VersionRecord,
): Promise<void> {
  const next: ConnectorState = state
    ? { ...state, updatedAt: record.publishedAt, versions: [...state.versions, record] }
    : {
        id: 0,
        name: who.name,
        publisherId: who.publisherId,
        publisher: who.publisher,
        createdAt: record.publishedAt,
        updatedAt: record.publishedAt,
        versions: [record],
        tags: {},
        publisherBadge: await tx.publisherBadge(who.publisherId),
      };
  const fields = await qualityFields(tx, deps, next);
  const id = state
    ? (await tx.updateConnector(state.id, fields), state.id)
    : await tx.createConnector({
        name: who.name,
        publisherId: who.publisherId,
        createdAt: record.publishedAt,
        fields,
      });
  await tx.insertVersion(id, record, versionDocument(who.name, who.publisher, record, deps.publicUrl));
}

/**
 * Create-only put. A blob already at this content address, with no version referencing it (we hold the
 * version's claim), is an orphan of a crashed publish: it is reused if its bytes are ours, replaced if not.
 */
async function putBlob(deps: RegistryDeps, key: string, bytes: Uint8Array): Promise<void> {
  try {
    await deps.blobs.put(key, bytes);
  } catch (error) {
    if (!isConnectoryError(error) || error.code !== "blob.exists") throw error;
    const existing = await deps.blobs.get(key);
    if (existing && Buffer.from(existing).equals(bytes)) return;
    await deps.blobs.delete(key);
    await deps.blobs.put(key, bytes);
  }
}

/**
 * After a failed publish, removes the blob unless a committed version uses it. Done in a write
 * transaction so a concurrent publish of the same bytes cannot commit between the check and the delete.
 */
async function removeOrphan(deps: RegistryDeps, name: string, key: string): Promise<void> {
  await deps.repo
    .transaction(async (tx) => {
      const state = await tx.loadConnector(name);
      if (!state?.versions.some((v) => v.blobKey === key)) await deps.blobs.delete(key);
    })
    .catch(() => undefined); // the original error matters more; an orphan blob is harmless and reusable
}
