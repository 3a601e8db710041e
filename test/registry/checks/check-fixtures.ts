import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerSet } from "../../../src/core/types.js";
import type { ConnectorState, VersionRecord } from "../../../src/db/connector-rows.js";
import type { RegistryRepository } from "../../../src/db/repository.js";
import { qualityFields } from "../../../src/registry/quality.js";
import { versionDocument } from "../../../src/registry/documents.js";

const URL_BASE = "http://registry.test";

/** Adds a connector whose one version declares `servers`, as the publish service writes it. */
export async function addConnector(
  repo: RegistryRepository,
  name: string,
  servers: ServerSet,
): Promise<void> {
  const publisher = await repo.ensurePublisher("acme", "2026-01-01T00:00:00.000Z");
  const v: VersionRecord = {
    version: "1.0.0",
    publishedAt: "2026-01-01T00:00:00.000Z",
    yanked: false,
    deprecated: null,
    integrity: "sha512-x",
    sha256: "00",
    size: 1,
    blobKey: `sha256/${name}`,
    content: JSON.stringify({
      manifest: { name, version: "1.0.0", publisher: "acme", description: `about ${name}` },
      mcp: { mcpServers: servers },
      skills: [],
    }),
  };
  await repo.transaction(async (tx) => {
    const state: ConnectorState = {
      id: 0,
      name,
      publisherId: publisher.id,
      publisher: "acme",
      createdAt: v.publishedAt,
      updatedAt: v.publishedAt,
      versions: [v],
      tags: {},
    };
    const id = await tx.createConnector({
      name,
      publisherId: publisher.id,
      createdAt: v.publishedAt,
      fields: await qualityFields(tx, { publicUrl: URL_BASE, now: () => new Date() }, state),
    });
    await tx.insertVersion(id, v, versionDocument(name, "acme", v, URL_BASE));
  });
}

/** A port nothing listens on, to point a connector at. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
