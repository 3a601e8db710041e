import { randomBytes } from "node:crypto";
import type { PublisherDocument, PublisherDomainDocument } from "../../core/api/publisher-documents.js";
import { ConnectoryError, isConnectoryError } from "../../core/errors.js";
import { describeFound, fileProves, proofInstructions, txtProves } from "../../core/publishers/challenge.js";
import { normalizeDomain, type ProofMethod } from "../../core/publishers/domain.js";
import type { DomainProofRow } from "../../db/publisher-rows.js";
import type { RegistryDeps } from "../context.js";
import { UNVERIFIED } from "../documents.js";
import type { Publisher } from "../tokens.js";
import { rewriteBadge } from "./badge.js";
import { createProofChecks, type ProofChecks } from "./proof-checks.js";
import { PROOF_TIMEOUT_MS } from "./proof-fetch.js";

// A publisher proves a domain (docs/publishers.md): it asks for a challenge (POST /v1/publisher/domains),
// publishes it as a file or a TXT record, and asks the registry to look (POST …/:domain/verify).

/** How many domains one publisher may have requested (pending and verified). */
export const MAX_DOMAINS = 20;
/** How many proof look-ups (outbound requests) one publisher may cause per minute. */
export const MAX_LOOKUPS_PER_MINUTE = 12;

// Recent look-ups per publisher, per registry (keyed by its repository): a publisher cannot make the
// registry fetch on its behalf in a loop. In memory: a restart forgets, which only ever allows more.
const lookups = new WeakMap<object, Map<number, number[]>>();

function countLookup(deps: RegistryDeps, publisherId: number): void {
  let byPublisher = lookups.get(deps.repo);
  if (!byPublisher) lookups.set(deps.repo, (byPublisher = new Map()));
  const now = deps.now().getTime();
  const recent = (byPublisher.get(publisherId) ?? []).filter((t) => now - t < 60_000);
  if (recent.length >= MAX_LOOKUPS_PER_MINUTE) {
    throw new ConnectoryError(
      "publisher.verify.rate-limited",
      `at most ${MAX_LOOKUPS_PER_MINUTE} proof look-ups a minute per publisher`,
      { status: 429, hint: "wait a minute, then verify again" },
    );
  }
  recent.push(now);
  byPublisher.set(publisherId, recent);
}

const defaultChecks = createProofChecks();

function document(row: DomainProofRow): PublisherDomainDocument {
  return {
    domain: row.domain,
    status: row.verifiedAt !== null ? "verified" : "pending",
    requestedAt: row.requestedAt,
    ...(row.method !== null ? { method: row.method } : {}),
    ...(row.verifiedAt !== null ? { verifiedAt: row.verifiedAt } : {}),
    challenge: row.challenge,
    proof: proofInstructions(row.domain, row.challenge),
  };
}

const taken = (domain: string) =>
  new ConnectoryError("publisher.domain.taken", `${domain} is verified for another publisher`, {
    status: 409,
    hint: "a domain has one verified publisher; if it is yours, ask the registry operator to move it",
  });

/** POST /v1/publisher/domains: the challenge for a domain (the same one when asked again). */
export async function requestDomain(
  deps: RegistryDeps,
  input: { publisher: Publisher; domain: unknown },
): Promise<{ created: boolean; document: PublisherDomainDocument }> {
  if (typeof input.domain !== "string")
    throw new ConnectoryError("publisher.domain.invalid", 'the body needs a "domain" string', {
      hint: 'send {"domain": "example.com"}',
    });
  const domain = normalizeDomain(input.domain);
  const { repo } = deps;
  const mine = await repo.domainProofs({ publisherId: input.publisher.publisherId });
  const known = mine.find((r) => r.domain === domain);
  if (known) return { created: false, document: document(known) };
  if (mine.length >= MAX_DOMAINS)
    throw new ConnectoryError(
      "publisher.domain.limit",
      `a publisher may request at most ${MAX_DOMAINS} domains`,
      {
        status: 409,
        hint: "ask the registry operator to remove the domains you no longer use",
      },
    );
  const holders = await repo.domainProofs({ domain });
  if (holders.some((r) => r.verifiedAt !== null)) throw taken(domain);
  await repo.addDomainChallenge({
    publisherId: input.publisher.publisherId,
    domain,
    challenge: randomBytes(24).toString("base64url"),
    requestedAt: deps.now().toISOString(),
  });
  const [row] = await repo.domainProofs({ publisherId: input.publisher.publisherId, domain });
  if (!row) throw new Error(`the challenge for ${domain} vanished after insert`);
  return { created: true, document: document(row) };
}

/** POST /v1/publisher/domains/:domain/verify: looks for the proof and, when found, verifies the publisher. */
export async function verifyDomain(
  deps: RegistryDeps,
  input: { publisher: Publisher; domain: string; method: unknown },
): Promise<PublisherDomainDocument> {
  const method = input.method ?? "http";
  if (method !== "http" && method !== "dns")
    throw new ConnectoryError(
      "publisher.method.invalid",
      `"${String(method).slice(0, 20)}" is not a proof method`,
      {
        hint: 'send {"method": "http"} (the file) or {"method": "dns"} (the TXT record)',
      },
    );
  const domain = normalizeDomain(input.domain);
  const { publisherId } = input.publisher;
  const [row] = await deps.repo.domainProofs({ publisherId, domain });
  if (!row)
    throw new ConnectoryError(
      "publisher.domain.not-requested",
      `${domain} has no challenge for this publisher`,
      {
        status: 404,
        hint: "request one first (POST /v1/publisher/domains, or `connectory publisher verify <domain>`)",
      },
    );
  if (row.verifiedAt !== null) return document(row);
  countLookup(deps, publisherId);
  await lookForProof(deps.proofs ?? defaultChecks, domain, row.challenge, method);
  const verifiedAt = deps.now().toISOString();
  try {
    await deps.repo.transaction(async (tx) => {
      await tx.markDomainVerified({ publisherId, domain, method, verifiedAt });
      const badge = await tx.publisherBadge(publisherId);
      const domains = badge.domains.includes(domain) ? badge.domains : [...badge.domains, domain];
      await rewriteBadge(tx, deps, publisherId, { verifiedDomains: domains });
    });
  } catch (error) {
    if (isConnectoryError(error) && error.code === "db.conflict") throw taken(domain);
    throw error;
  }
  return document({ ...row, method, verifiedAt });
}

/** Fetches the file or the TXT records; throws `publisher.proof.failed` saying what was found instead. */
async function lookForProof(checks: ProofChecks, domain: string, challenge: string, method: ProofMethod) {
  if (method === "http") {
    const body = await checks.fetchFile(domain);
    if (fileProves(body, challenge)) return;
    const lines = body.split(/\r?\n/).map((l) => l.trim());
    throw new ConnectoryError(
      "publisher.proof.failed",
      `https://${domain}/.well-known/connectory-publisher does not hold this challenge: ${describeFound("http", lines)}`,
      {
        status: 422,
        hint: "serve the exact line from the challenge (GET /v1/publisher shows it), then verify again",
      },
    );
  }
  let records: string[][];
  try {
    records = await Promise.race([
      checks.resolveTxt(domain),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`no answer within ${PROOF_TIMEOUT_MS} ms`)),
          PROOF_TIMEOUT_MS,
        ).unref(),
      ),
    ]);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConnectoryError(
      "publisher.proof.failed",
      `the TXT records of ${domain} could not be read (${why})`,
      {
        status: 422,
        hint: "check that the domain's name servers answer, then verify again",
      },
    );
  }
  if (txtProves(records, challenge)) return;
  throw new ConnectoryError(
    "publisher.proof.failed",
    `no TXT record of ${domain} holds this challenge: ${describeFound(
      "dns",
      records.map((r) => r.join("")),
    )}`,
    {
      status: 422,
      hint: "add the TXT record from the challenge (DNS changes can take minutes to show), then verify again",
    },
  );
}

/** GET /v1/publisher: who the token is, its badge and its domains. */
export async function publisherStatus(deps: RegistryDeps, publisher: Publisher): Promise<PublisherDocument> {
  const record = await deps.repo.findPublisher(publisher.publisher);
  const rows = await deps.repo.domainProofs({ publisherId: publisher.publisherId });
  return {
    publisher: publisher.publisher,
    publisherBadge: record
      ? {
          verified: record.verifiedDomains.length > 0,
          domains: record.verifiedDomains,
          unclaimed: record.unclaimed,
        }
      : UNVERIFIED,
    domains: rows.map(document),
  };
}

/**
 * An operator hands an imported publisher to its real owner (`connectory-registry publisher claim`):
 * it stops being shown as unclaimed, on every connector it owns.
 */
export async function claimPublisher(
  deps: Pick<RegistryDeps, "repo" | "publicUrl" | "now">,
  name: string,
): Promise<{ connectors: number }> {
  const record = await deps.repo.findPublisher(name);
  if (!record)
    throw new ConnectoryError("publisher.not-found", `there is no publisher "${name.slice(0, 64)}"`, {
      status: 404,
      hint: "the imported publisher's name is on its connectors' pages (by <publisher>)",
    });
  const connectors = await deps.repo.transaction((tx) =>
    rewriteBadge(tx, deps, record.id, { unclaimed: false }),
  );
  return { connectors };
}
