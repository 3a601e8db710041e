import type {
  TrustedPublisherDocument,
  TrustedPublisherList,
} from "../../core/api/trusted-publisher-documents.js";
import { ConnectoryError } from "../../core/errors.js";
import { checkBinding, type BindingInput } from "../../core/oidc/bindings.js";
import type { TrustedPublisherRow } from "../../db/trusted-publishing.js";
import type { RegistryDeps } from "../context.js";
import { checkName } from "../names.js";

/** What managing trusted publishers needs (the admin command builds it without a whole registry). */
type Deps = Pick<RegistryDeps, "repo" | "oidc" | "now">;

/** Who manages a connector's trusted publishers: its publisher (a token), or the operator (any). */
export type Manager = { publisherId: number; publisher: string } | "operator";

/**
 * Binds a connector to a CI identity. The connector may not exist yet (a pending publisher: its first
 * trusted publish creates it for `owner`); if it exists, `owner` must be its publisher.
 */
export async function addTrustedPublisher(
  deps: Deps,
  input: { connector: string; owner: { publisherId: number; publisher: string }; binding: BindingInput },
): Promise<TrustedPublisherDocument> {
  const connector = checkName(input.connector);
  const current = await connectorOwner(deps, connector);
  if (current !== undefined && current !== input.owner.publisher) throw forbidden(connector, current);
  const binding = checkBinding(input.binding, deps.oidc.issuers);
  try {
    const row = await deps.repo.trustedPublishing.add({
      connector,
      publisherId: input.owner.publisherId,
      ...binding,
      createdAt: deps.now().toISOString(),
    });
    return document(row, current === undefined);
  } catch (error) {
    if (error instanceof ConnectoryError && error.code === "db.conflict")
      throw new ConnectoryError("trusted-publisher.exists", `"${connector}" already trusts this publisher`, {
        status: 409,
        hint: `connectory trusted-publisher list ${connector}`,
      });
    throw error;
  }
}

/** A connector's trusted publishers that `manager` may see (a publisher: its own; the operator: all). */
export async function listTrustedPublishers(
  deps: Deps,
  input: { connector: string; manager: Manager },
): Promise<TrustedPublisherList> {
  const connector = checkName(input.connector);
  const current = await connectorOwner(deps, connector);
  const manager = input.manager;
  if (manager !== "operator" && current !== undefined && current !== manager.publisher)
    throw forbidden(connector, current);
  const rows = await deps.repo.trustedPublishing.list({ connector });
  const mine = manager === "operator" ? rows : rows.filter((r) => r.publisherId === manager.publisherId);
  return { connector, items: mine.map((r) => document(r, current === undefined)) };
}

/** Removes one trusted publisher (by id) of a connector. */
export async function removeTrustedPublisher(
  deps: Deps,
  input: { connector: string; id: number; manager: Manager },
): Promise<TrustedPublisherDocument> {
  const list = await listTrustedPublishers(deps, input);
  const found = list.items.find((r) => r.id === input.id);
  if (!found)
    throw new ConnectoryError(
      "trusted-publisher.not-found",
      `"${list.connector}" has no trusted publisher with id ${input.id}`,
      { status: 404, hint: `connectory trusted-publisher list ${list.connector}` },
    );
  await deps.repo.trustedPublishing.remove(input.id);
  return found;
}

/** The publisher of an existing connector, or undefined when the name is not taken yet. */
async function connectorOwner(deps: Deps, connector: string): Promise<string | undefined> {
  const doc = await deps.repo.connectorDocument(connector);
  return doc ? (JSON.parse(doc.body) as { publisher: string }).publisher : undefined;
}

function forbidden(connector: string, owner: string): ConnectoryError {
  return new ConnectoryError("connector.forbidden", `"${connector}" belongs to publisher "${owner}"`, {
    status: 403,
    hint: "only the connector's publisher manages its trusted publishers",
  });
}

function document(row: TrustedPublisherRow, pending: boolean): TrustedPublisherDocument {
  return {
    id: row.id,
    connector: row.connector,
    publisher: row.publisher,
    issuer: row.issuer,
    repository: row.repository,
    repositoryOwnerId: row.repositoryOwnerId,
    workflow: row.workflow,
    environment: row.environment,
    createdAt: row.createdAt,
    pending,
  };
}
