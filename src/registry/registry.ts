import type { RegistryRepository } from "../db/repository.js";
import { backfillSignatures } from "./signing/backfill.js";
import { prepareSigning } from "./signing/prepare-signing.js";
import { ephemeralSigner, type RegistrySigner } from "./signing/signer.js";
import type { BlobStore } from "../storage/blob-store.js";
import type { RegistryDeps } from "./context.js";
import { checkHealth } from "./health.js";
import { deprecateVersion, removeDistTag, setDistTag, unyankVersion, yankVersion } from "./manage.js";
import { publishTarball } from "./publish.js";
import { publisherStatus, requestDomain, verifyDomain } from "./publishers/domains.js";
import type { ProofChecks } from "./publishers/proof-checks.js";
import {
  getConnector,
  getTarball,
  getVersion,
  listCategories,
  readConnector,
  readVersion,
  resolveVersionRef,
  searchConnectors,
  tarballInfo,
} from "./reads.js";
import { createReadmeRenderer, type ReadmeRenderer } from "./readme/readme-renderer.js";
import { versionReadme } from "./readme/readme-html.js";
import { rebuildForPublicUrl } from "./rebuild.js";
import type { SearchParams } from "./search-params.js";
import { authenticate, type Publisher } from "./tokens.js";
import { DEFAULT_ISSUERS } from "../core/oidc/bindings.js";
import { IssuerKeys } from "./oidc/issuer-keys.js";
import { exchangeToken } from "./oidc/token-exchange.js";
import { recordToolSnapshot } from "./tool-snapshot.js";
import {
  addTrustedPublisher,
  listTrustedPublishers,
  removeTrustedPublisher,
} from "./oidc/trusted-publishers.js";
import { reportTools } from "./tools.js";
import { hostPackageTarball, marketplaceDocument, packumentDocument } from "./host-catalogs/host-catalogs.js";
import { refreshAllQuality, refreshQuality } from "./quality.js";
import { fileReport, listReports, resolveReport } from "./reports.js";

type Tail<F> = F extends (deps: RegistryDeps, ...rest: infer R) => infer T ? (...rest: R) => T : never;

/** The registry's services bound to one database, blob store and public URL: what routes and pages call. */
export interface Registry {
  deps: RegistryDeps;
  /** Resolves once documents match the public URL (first call rebuilds them if needed). */
  ready(): Promise<void>;
  publish: Tail<typeof publishTarball>;
  yank: Tail<typeof yankVersion>;
  unyank: Tail<typeof unyankVersion>;
  deprecate: Tail<typeof deprecateVersion>;
  setDistTag: Tail<typeof setDistTag>;
  removeDistTag: Tail<typeof removeDistTag>;
  /** PUT /v1/connectors/:name/:version/tools: the owner reports a version's tools. */
  reportTools: Tail<typeof reportTools>;
  /** POST /v1/connectors/:name/:version/reports: anyone reports a version. */
  fileReport: Tail<typeof fileReport>;
  listReports: Tail<typeof listReports>;
  resolveReport: Tail<typeof resolveReport>;
  /** Recomputes one connector's quality (the live checker calls it after a check, with its evidence). */
  refreshQuality: Tail<typeof refreshQuality>;
  refreshAllQuality: Tail<typeof refreshAllQuality>;
  connector: Tail<typeof getConnector>;
  version: Tail<typeof getVersion>;
  readConnector: Tail<typeof readConnector>;
  readVersion: Tail<typeof readVersion>;
  resolveVersion: Tail<typeof resolveVersionRef>;
  tarball: Tail<typeof getTarball>;
  tarballInfo: Tail<typeof tarballInfo>;
  /** A version's sanitized README HTML ("" for none), rendered at publish: no markdown parsing here. */
  readme: Tail<typeof versionReadme>;
  search(params: SearchParams): ReturnType<typeof searchConnectors>;
  categories(): ReturnType<typeof listCategories>;
  /** The publisher behind an Authorization header (401 otherwise); src/http/auth.ts calls it once per request. */
  authenticate(authorization: string | undefined): Promise<Publisher>;
  /** POST /v1/publisher/domains: a domain's challenge for the token's publisher. */
  requestDomain: Tail<typeof requestDomain>;
  /** POST /v1/publisher/domains/:domain/verify: looks for the proof; verified publishers get the badge. */
  verifyDomain: Tail<typeof verifyDomain>;
  /** GET /v1/publisher: the token's publisher, its badge and domains. */
  publisherStatus: Tail<typeof publisherStatus>;
  /** Stores (and signs) the tool snapshot the bundled check took of a version (src/registry/tool-snapshot.ts). */
  recordToolSnapshot: Tail<typeof recordToolSnapshot>;
  /** POST /v1/oidc/token: a CI ID token for a publish token of one connector (trusted publishing). */
  exchangeToken: Tail<typeof exchangeToken>;
  /** The trusted publishers of a connector (its owner, or the operator). */
  addTrustedPublisher: Tail<typeof addTrustedPublisher>;
  listTrustedPublishers: Tail<typeof listTrustedPublishers>;
  removeTrustedPublisher: Tail<typeof removeTrustedPublisher>;
  /** The Claude Code marketplace's name (MARKETPLACE_NAME, default `connectory`). */
  marketplaceName: string;
  /** GET /.claude-plugin/marketplace.json: every connector as a Claude Code plugin (src/registry/host-catalogs/). */
  marketplace(): Promise<Record<string, unknown>>;
  /** GET /npm/:name: the npm packument of a connector's host packages. */
  packument: Tail<typeof packumentDocument>;
  /** GET /npm/:name/-/:file: one version's host package (npm tarball). */
  hostPackage: Tail<typeof hostPackageTarball>;
  /** GET /healthz: ready, and the database answers a query now (503 `db.unavailable` otherwise). */
  health(): Promise<{ status: "ok" }>;
}

/** Wires the services to their dependencies. No I/O until the first call. */
export function createRegistry(input: {
  repo: RegistryRepository;
  blobs: BlobStore;
  publicUrl: string;
  now?: () => Date;
  readme?: ReadmeRenderer;
  proofs?: ProofChecks;
  /** OIDC_ISSUERS parsed (default GitHub Actions and GitLab.com). */
  oidcIssuers?: readonly string[];
  /** How issuers' keys are fetched (tests: a local issuer); default through the SSRF guard. */
  issuerKeys?: IssuerKeys;
  /** The signing key (src/registry/signing/load-signing-key.ts); default a key held in memory only. */
  signer?: RegistrySigner;
  /** The Claude Code marketplace's name (MARKETPLACE_NAME); default `connectory`. */
  marketplaceName?: string;
  /** Where long start-up work is announced (RegistryDeps.notice). */
  notice?: (message: string) => void;
  /** Aborted when the process is asked to stop (RegistryDeps.stopping). */
  stopping?: AbortSignal;
}): Registry {
  const deps: RegistryDeps = {
    repo: input.repo,
    blobs: input.blobs,
    publicUrl: input.publicUrl.replace(/\/+$/, ""),
    now: input.now ?? (() => new Date()),
    readme: input.readme ?? createReadmeRenderer(),
    ...(input.proofs ? { proofs: input.proofs } : {}),
    oidc: { issuers: input.oidcIssuers ?? DEFAULT_ISSUERS, keys: input.issuerKeys ?? new IssuerKeys() },
    signing: { signer: input.signer ?? ephemeralSigner(), origin: "" },
    ...(input.notice ? { notice: input.notice } : {}),
    ...(input.stopping ? { stopping: input.stopping } : {}),
  };
  let readiness: Promise<void> | undefined;
  const ready = () =>
    (readiness ??= rebuildForPublicUrl(deps)
      .then(() => prepareSigning(deps))
      .then(() => backfillSignatures(deps))
      .then(
        () => undefined,
        (error: unknown) => {
          readiness = undefined; // a failed start-up step is retried by the next request
          throw error;
        },
      ));
  // Every service waits for readiness; after the first call that is an already-settled promise.
  const bind =
    <A extends unknown[], T>(fn: (deps: RegistryDeps, ...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      await ready();
      return fn(deps, ...args);
    };
  return {
    deps,
    ready,
    publish: bind(publishTarball),
    yank: bind(yankVersion),
    unyank: bind(unyankVersion),
    deprecate: bind(deprecateVersion),
    setDistTag: bind(setDistTag),
    removeDistTag: bind(removeDistTag),
    reportTools: bind(reportTools),
    fileReport: bind(fileReport),
    listReports: bind(listReports),
    resolveReport: bind(resolveReport),
    refreshQuality: bind(refreshQuality),
    refreshAllQuality: bind(refreshAllQuality),
    connector: bind(getConnector),
    version: bind(getVersion),
    readConnector: bind(readConnector),
    readVersion: bind(readVersion),
    resolveVersion: bind(resolveVersionRef),
    tarball: bind(getTarball),
    tarballInfo: bind(tarballInfo),
    readme: bind(versionReadme),
    search: bind(searchConnectors),
    categories: bind(listCategories),
    authenticate: bind((d, authorization: string | undefined) =>
      authenticate(d.repo, authorization, d.now()),
    ),
    requestDomain: bind(requestDomain),
    verifyDomain: bind(verifyDomain),
    publisherStatus: bind(publisherStatus),
    exchangeToken: bind(exchangeToken),
    recordToolSnapshot: bind(recordToolSnapshot),
    addTrustedPublisher: bind(addTrustedPublisher),
    listTrustedPublishers: bind(listTrustedPublishers),
    removeTrustedPublisher: bind(removeTrustedPublisher),
    marketplaceName: input.marketplaceName ?? "connectory",
    marketplace: bind((d) => marketplaceDocument(d, input.marketplaceName ?? "connectory")),
    packument: bind(packumentDocument),
    hostPackage: bind(hostPackageTarball),
    health: bind((d) => checkHealth(d)),
  };
}
