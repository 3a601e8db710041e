import type { AdminRun } from "./command.js";

/** A row of the command table: what `--help` shows, and the module that runs it (loaded on use). */
export interface AdminCommand {
  /** One line for `connectory-registry --help`. */
  summary: string;
  /** The command's whole `--help` text. */
  usage: string;
  load(): Promise<{ run: AdminRun }>;
}

const ENVIRONMENT = `Environment (the same for every command):
  DATABASE_URL   SQLite file or postgres://… URL (default ./data/registry.db)`;

/**
 * Every `connectory-registry` subcommand. Adding one is one entry here and one file in commands/
 * exporting `run(args, ctx)`.
 */
export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  serve: {
    summary: "start the registry: HTTP API and web marketplace (what `npm start` runs)",
    usage: `Usage: connectory-registry serve

Applies the migrations, seeds an empty registry with the sample connectors (unless SEED=0), then serves
the HTTP API and the web marketplace until SIGTERM or SIGINT (Ctrl-C): it then stops accepting
connections, finishes the requests in flight, closes the database and exits 0. Prints
"Connectory registry listening on <url> (public URL <url>)" on stdout once ready; GET /healthz answers
503 until then. After a change of PUBLIC_URL (or an upgrade) it first rebuilds every document, logging
progress on stderr (minutes at 100,000 connectors); SIGTERM then stops it at the next connector and
exits 0, and the next start rebuilds them all. On a first start (SEED unset or 1) it then imports the
real catalogs of catalogs/ (the official MCP Registry seed, the Docker MCP catalog, Claude Code's
official plugins) in the background while it serves, logging progress on stderr; a restart resumes an
unfinished import, never redoes one.

Environment:
  PORT           port to listen on, 0 for any free port (default 8787)
  HOST           address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  DATABASE_URL   SQLite file or postgres://… URL (default ./data/registry.db)
  STORAGE_DIR    tarball folder (default ./data/blobs)
  STORAGE_URL    s3://bucket/prefix instead of a folder (AWS_* variables; overrides STORAGE_DIR)
  PUBLIC_URL     base of absolute tarball URLs (default http://HOST:PORT)
  REGISTRY_NAMESPACE  reverse-DNS namespace of official MCP Registry names (default dev.connectory)
  MARKETPLACE_NAME    name of the Claude Code marketplace it serves (default connectory)
  SEED           1: samples, then the real catalogs (default); samples: the samples only; 0: nothing
  CHECK_INTERVAL seconds between in-process live-check passes (default 900; 0: off, use \`check\`)
  CHECK_ALLOWLIST hosts/CIDRs the checker may reach although private (comma-separated; default none)
  CHECK_BUNDLED  0: do not check bundled stdio servers (sandboxed) after each publish (default 1)
  MIRROR_URLS    base URLs of registries to mirror continuously, comma-separated (default none)
  MIRROR_INTERVAL seconds between mirror passes (default 300; 0: off)
  OIDC_ISSUERS   CI issuers trusted for trusted publishing, comma-separated (default GitHub Actions'
                 and GitLab.com's; "none": off; http:// only on loopback, for tests)`,
    load: () => import("./commands/serve.js"),
  },
  migrate: {
    summary: "apply the database migrations and exit (serve also applies them at start-up)",
    usage: `Usage: connectory-registry migrate [--json]

Applies the committed migrations that DATABASE_URL's database lacks, then exits. Safe to run while
registry processes are serving (they take turns on PostgreSQL) and to run twice (the second finds nothing
to do).

Options:
  --json         print {"status":"ok","database":"sqlite"|"postgres"} on stdout

${ENVIRONMENT}`,
    load: () => import("./commands/migrate.js"),
  },
  keys: {
    summary: "create, list, rotate and revoke the registry's signing keys",
    usage: `Usage: connectory-registry keys <create|list|rotate|revoke> [options]

  keys create [--out <file>] [--json]
                 write a new Ed25519 private key (PKCS#8 PEM, mode 0600) to <file> (default: SIGNING_KEY_FILE,
                 else signing-key.pem beside the SQLite database, else ./data/signing-key.pem); never
                 overwrites. For a new registry: an existing one rotates instead
  keys list [--json]
                 every public key: key id, status (valid, expired, revoked), creation, fingerprint, endorser
  keys rotate [--out <file>] [--expire-old <time>] [--json]
                 a new key, endorsed by the current one (clients that pinned it follow), registered now and
                 written where the current key is read from (the old file is kept as <file>.<keyid>.old);
                 restart every registry process. The old key keeps verifying what it signed; --expire-old
                 stops it signing after <time>
  keys revoke <keyid> [--json]
                 clients refuse everything that key signed (not the key in use: rotate first); versions
                 signed only by revoked keys are re-signed with the current key at the next start

Environment:
  DATABASE_URL     SQLite file or postgres://… URL (default ./data/registry.db)
  SIGNING_KEY      the private key itself (PEM); overrides SIGNING_KEY_FILE
  SIGNING_KEY_FILE the private key file`,
    load: () => import("./commands/keys.js"),
  },
  log: {
    summary: "recompute the transparency log from the database and check it against its checkpoints",
    usage: `Usage: connectory-registry log verify [--json]

Reads every log entry in order, recomputes each leaf hash and the root at every published checkpoint,
checks each checkpoint's signature by a registered key and the stored subtrees that proofs are served
from. Exits 0 when consistent; 1 with log.inconsistent and the first problems otherwise.

${ENVIRONMENT}`,
    load: () => import("./commands/log.js"),
  },
  token: {
    summary: "issue, list and revoke the tokens publishers log in with",
    usage: `Usage: connectory-registry token <create|list|revoke> [options]

  token create --publisher <name> [--label <text>] [--json]
                 issue a publish token for <name> (created on first use); the token alone goes to stdout,
                 shown only this once (only its hash is stored)
  token list [--json]
                 list tokens: id, publisher, prefix, created, status, label (never a secret)
  token revoke <id|prefix> [--json]
                 revoke the token with that id, or every active token starting with that prefix

Options:
  --publisher <name>   the publisher the token publishes as (lower-case letters, digits, -)
  --label <text>       a note shown by token list (e.g. "ci")
  --json               print one JSON document on stdout instead of text

${ENVIRONMENT}`,
    load: () => import("./commands/token.js"),
  },
  publisher: {
    summary: "hand an imported (unclaimed) publisher to its owner, or show a publisher's verified domains",
    usage: `Usage: connectory-registry publisher <claim|show> <publisher> [options]

  publisher claim <publisher> [--label <text>] [--json]
                 an imported publisher (made by \`import\` from another registry's namespace) stops being
                 shown as unclaimed on every connector it owns, and a new publish token for it goes to
                 stdout, shown only this once: give it to the owner once they proved who they are (see
                 docs/publishers.md); they then prove their domain with \`connectory publisher verify\`
  publisher show <publisher> [--json]
                 whether it is unclaimed, its verified domains and its pending challenges

Options:
  --label <text>       a note on the token (default "claimed")
  --json               claim: { publisher, token, id, prefix, connectors, wasUnclaimed }; show: { publisher,
                       createdAt, unclaimed, verifiedDomains, domains: [{ domain, status, method?, verifiedAt? }] }

${ENVIRONMENT}
  PUBLIC_URL     the URL documents are served under (default: the one the registry last served)`,
    load: () => import("./commands/publisher.js"),
  },
  import: {
    summary:
      "import an ecosystem catalog: official server.json / registry URL, Claude marketplace, Docker catalog",
    usage: `Usage: connectory-registry import <source> [--since <time>] [--json]

Converts every entry of <source> into a connector (as \`connectory convert\` does) and publishes it through
the registry's own publish checks, as the publisher the upstream namespace or author names. Sources: a
server.json file (one entry, a list, or saved /v0.1/servers pages); a Claude Code marketplace.json or its
checkout folder (local plugins are read from it; git and URL sources are refused with their name); a
folder of Docker MCP catalog entries (servers/<name>/server.yaml, with tools.json); the base URL of a
registry that speaks the official API (GET /v0.1/servers, every page).

Idempotent: a version already stored with the same content is "unchanged"; a new version of a known
connector is "updated"; an entry deleted upstream is "yanked" here, one deprecated upstream "deprecated"
(with upstream's message); every refused entry is listed with its code and reason. Each entry is
published in one transaction, so an interrupted import is finished by running it again.

Options:
  --since <time> with a registry URL: only entries changed since then (the official API's
                 updated_since, RFC 3339, e.g. 2026-12-01T00:00:00Z), deleted ones included
  --json         print { counts: { imported, updated, unchanged, yanked, deprecated, refused }, entries:
                 [{ entry, status, name?, version?, code?, reason?, notes? }] }

Environment:
  DATABASE_URL   SQLite file or postgres://… URL (default ./data/registry.db)
  STORAGE_DIR    tarball folder (default ./data/blobs)
  STORAGE_URL    s3://bucket/prefix instead of a folder (AWS_* variables; overrides STORAGE_DIR)
  PUBLIC_URL     base of absolute tarball URLs`,
    load: () => import("./commands/import.js"),
  },
  reports: {
    summary: "list the reports users filed against connector versions, and resolve them",
    usage: `Usage: connectory-registry reports <list|resolve> [options]

  reports list [--status open|malicious|dismissed|all] [--limit n] [--json]
                 reports newest first (default: the open ones, 100): id, version, kind, status, created,
                 message (flattened to one line)
  reports resolve <id> --confirm-malicious|--dismiss [--json]
                 --confirm-malicious: the report is right; the version is yanked, marked malicious in the
                 documents and on the page, its owner cannot unyank it, and \`connectory install\` refuses
                 it without --force. --dismiss: the report is closed. Either way the quality score is
                 recomputed (an open report counts against it).

Options:
  --status <s>          which reports to list (default open)
  --limit <n>           at most n reports (1-1000, default 100)
  --confirm-malicious   resolve: confirm the report and yank the version for good
  --dismiss             resolve: close the report, nothing else changes
  --json                print one JSON document: {"reports": [...]} or {"report": {...}, "yanked": bool}

Environment:
  DATABASE_URL   SQLite file or postgres://… URL (default ./data/registry.db)
  STORAGE_DIR    tarball folder (default ./data/blobs)
  PUBLIC_URL     used only when the database does not yet record the public URL its documents name`,
    load: () => import("./commands/reports.js"),
  },
  check: {
    summary: "run one pass of live checks over the remote connectors that are due (for cron or a timer)",
    usage: `Usage: connectory-registry check [--limit <n>] [--concurrency <n>] [--min-age <s>] [--timeout <s>] [--json]

Claims the remote connectors not checked for --min-age seconds, checks each as an MCP client would
(connect over Streamable HTTP or SSE, initialize, tools/list; a 401 with a bearer or OAuth challenge is
"needs sign-in"), records status, latency, protocol version and tool count, and exits. Rows are claimed in
the database, so passes run at once from several processes or machines never check one row twice. Never
connects to loopback, private, link-local, CGNAT, multicast or metadata addresses (CHECK_ALLOWLIST aside).

Options:
  --limit <n>        connectors checked at most in this pass (default 1000)
  --concurrency <n>  checks in flight at once (default 16)
  --min-age <s>      skip connectors checked less than this many seconds ago (default 600)
  --timeout <s>      time limit of one server's check (default 15)
  --json             print { checked, counts: { up, needs-auth, down, error }, durationMs, concurrency,
                     entries: [{ name, version, status, latencyMs?, protocolVersion?, toolCount?, error? }] }

Environment:
  DATABASE_URL     SQLite file or postgres://… URL (default ./data/registry.db)
  CHECK_ALLOWLIST  hosts or CIDRs the checker may reach although private (comma-separated; default none)`,
    load: () => import("./commands/check.js"),
  },
  "trusted-publisher": {
    summary: "bind connectors to CI identities that publish without a stored token (trusted publishing)",
    usage: `Usage: connectory-registry trusted-publisher <add|list|remove> <connector> [options]

  trusted-publisher add <connector> --repository <owner/repo> --workflow <file> [--issuer <url>]
                 [--environment <name>] [--publisher <name>] [--json]
                 let that CI workflow exchange its ID token (POST /v1/oidc/token) for a 15-minute token
                 that publishes <connector> only; <connector> may not exist yet (a pending publisher:
                 --publisher names who its first publish creates it for)
  trusted-publisher list <connector> [--json]
                 list its trusted publishers: id, repository, workflow, environment, issuer, publisher
  trusted-publisher remove <connector> <id> [--json]
                 remove one (the ids are in list)

Options:
  --issuer <url>        the CI's OIDC issuer (default https://token.actions.githubusercontent.com;
                        GitLab: https://gitlab.com); must be one of OIDC_ISSUERS
  --repository <o/r>    the repository (GitHub owner/repo, GitLab group/project)
  --workflow <file>     the workflow file in .github/workflows (release.yml), or GitLab's CI config path
  --environment <name>  only jobs running in this deployment environment may publish
  --publisher <name>    for a connector that does not exist yet: the publisher it is created for
  --json                print one JSON document on stdout instead of text

${ENVIRONMENT}
  OIDC_ISSUERS   CI issuers trusted (as \`serve\` reads it)`,
    load: () => import("./commands/trusted-publisher.js"),
  },
};
