import type {
  TrustedPublisherDocument,
  TrustedPublisherList,
} from "../../src/core/api/trusted-publisher-documents.js";
import { PublishClient } from "./publish-client.js";

/** What the registry answers to every owner-only change (src/registry/manage.ts). */
export interface ManageResponse {
  name: string;
  distTags: Record<string, string>;
  versions: Array<{ version: string; yanked: boolean; deprecated: string | null }>;
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

/**
 * The owner-only calls of the registry API: yank, unyank, deprecate, dist-tags (docs/http-api.md). Problems
 * become ConnectoryErrors with the registry's code (401 `auth.*`, 403 `connector.forbidden`, 404 …).
 */
export class ManageClient extends PublishClient {
  /** POST /v1/connectors/:name/:version/yank (or unyank). */
  async setYanked(name: string, version: string, yanked: boolean): Promise<ManageResponse> {
    const res = await this.call(`/v1/connectors/${path(name, version)}/${yanked ? "yank" : "unyank"}`, {
      method: "POST",
    });
    return (await res.json()) as ManageResponse;
  }

  /** POST /v1/connectors/:name/:version/deprecate; an empty message clears the deprecation. */
  async deprecate(name: string, version: string, message: string): Promise<ManageResponse> {
    const res = await this.call(`/v1/connectors/${path(name, version)}/deprecate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message }),
    });
    return (await res.json()) as ManageResponse;
  }

  /** PUT /v1/connectors/:name/dist-tags/:tag with `{ version }`. */
  async setDistTag(name: string, tag: string, version: string): Promise<ManageResponse> {
    const res = await this.call(`/v1/connectors/${path(name)}/dist-tags/${path(tag)}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ version }),
    });
    return (await res.json()) as ManageResponse;
  }

  /** DELETE /v1/connectors/:name/dist-tags/:tag. */
  async removeDistTag(name: string, tag: string): Promise<ManageResponse> {
    const res = await this.call(`/v1/connectors/${path(name)}/dist-tags/${path(tag)}`, { method: "DELETE" });
    return (await res.json()) as ManageResponse;
  }

  /** GET /v1/connectors/:name/trusted-publishers (the owner's, pending ones included). */
  async trustedPublishers(name: string): Promise<TrustedPublisherList> {
    const res = await this.call(`/v1/connectors/${path(name)}/trusted-publishers`, { method: "GET" });
    return (await res.json()) as TrustedPublisherList;
  }

  /** POST /v1/connectors/:name/trusted-publishers: binds the connector to a CI identity. */
  async addTrustedPublisher(
    name: string,
    binding: { issuer?: string; repository: string; workflow: string; environment?: string },
  ): Promise<TrustedPublisherDocument> {
    const res = await this.call(`/v1/connectors/${path(name)}/trusted-publishers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(binding),
    });
    return (await res.json()) as TrustedPublisherDocument;
  }

  /** DELETE /v1/connectors/:name/trusted-publishers/:id. */
  async removeTrustedPublisher(name: string, id: number): Promise<TrustedPublisherDocument> {
    const res = await this.call(`/v1/connectors/${path(name)}/trusted-publishers/${id}`, {
      method: "DELETE",
    });
    return (await res.json()) as TrustedPublisherDocument;
  }
}
