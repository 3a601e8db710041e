import type { PublisherDocument, PublisherDomainDocument } from "../../src/core/api/publisher-documents.js";
import type { ProofMethod } from "../../src/core/publishers/domain.js";
import { PublishClient } from "./publish-client.js";

/** The publisher's own calls (docs/http-api.md "Verified publishers"): its domains and their proofs. */
export class PublisherClient extends PublishClient {
  /** GET /v1/publisher. */
  async status(): Promise<PublisherDocument> {
    return (await (await this.call("/v1/publisher", { method: "GET" })).json()) as PublisherDocument;
  }

  /** POST /v1/publisher/domains: the domain's challenge (the same one when asked again). */
  async requestDomain(domain: string): Promise<PublisherDomainDocument> {
    const res = await this.call("/v1/publisher/domains", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ domain }),
    });
    return (await res.json()) as PublisherDomainDocument;
  }

  /** POST /v1/publisher/domains/:domain/verify: the registry looks for the proof. */
  async verifyDomain(domain: string, method: ProofMethod): Promise<PublisherDomainDocument> {
    const res = await this.call(`/v1/publisher/domains/${encodeURIComponent(domain)}/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method }),
    });
    return (await res.json()) as PublisherDomainDocument;
  }
}
