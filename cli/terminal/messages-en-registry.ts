// The CLI's words in English for what a registry or another ecosystem answers and what install,
// publish and convert refuse because of it: an answer that is not the API's, a listing-only or
// malicious version, trusted publishing in CI, a conversion that fails. messages-en.ts joins it,
// messages-zh-cn-registry.ts translates it.

export const enRegistry = {
  // {why} is the check's own words (registry-documents.ts).
  "registry.answer-invalid": "{url}: {why}",
  "registry.answer-not-json": "{url}: the response is not JSON",
  "registry.answer-too-large": "{url}: the response is too large",
  "registry.answer-invalid-hint":
    "the registry does not speak the Connectory API (docs/http-api.md); check the marketplace URL",
  "registry.download-too-large": "{url} is larger than {max} bytes",
  "registry.download-too-large-hint":
    "a connector tarball is at most 5 MiB; the registry may be misconfigured",
  "registry.refused-hint": "the registry at {origin} refused the request",
  "registry.marketplace-name-invalid": 'marketplace name "{name}" is not valid',
  "registry.marketplace-name-invalid-hint":
    "rename it in marketplaces.json (lower-case letters, digits, dashes), or re-add it",
  "search.pages-stuck": "the registry's search results do not advance from page to page",
  "search.pages-stuck-hint":
    "the registry's pagination is broken; list a page at a time with --limit and --cursor",
  "search.stopped": "stopped after {n} results; narrow the words or add --category",
  "keys.none-listed": "{where} lists no signing keys",
  "keys.none-listed-hint":
    "the marketplace does not sign its versions (or is not a Connectory registry); ask its operator",
  "keys.unknown": "{url} lists no valid signing key with fingerprint {fingerprint}",
  "keys.unknown-hint":
    "check the fingerprint with the marketplace operator (it looks like sha256:<64 hex digits>)",
  "keys.none-valid": "{url} lists no valid signing key",
  "keys.none-valid-hint": "the marketplace does not sign its versions; ask its operator",

  // {reason} is the listing's own words, recorded when it was imported.
  "install.listing-only": "{label} is listed but cannot be installed with Connectory: {reason}",
  "install.listing-only-see": "see {where} for how to run it yourself; nothing was installed",
  "install.listing-only-info":
    "its server.json (`connectory info {name}` links its page) says what it needs; nothing was installed",
  "install.malicious":
    "{name}@{version} was confirmed malicious by the registry's operators ({marked}); it is not installed",
  "install.malicious-hint":
    "install another version (`connectory info {name}` lists them); --force installs it anyway",
  "install.malicious-forced":
    "{name}@{version} was confirmed malicious by the registry's operators; installing it because of --force",
  "install.yanked-pinned": "{name}@{version} is yanked; installing it only because you pinned it exactly",
  "install.deprecated": "{name}@{version} is deprecated: {message}",
  "install.needs-json": "{name} needs {keys}; run: {fix}",
  "update.changes-heading": "{ref} {from} → {to} changes how it runs:",
  "update.apply-prompt": "apply the update of {ref} to {version}? [y/N] ",
  "keys.rotated": "marketplace {name} rotated to key {fingerprint} (endorsed by a pinned key)",
  "update.none": "(none)",
  "update.server-change": "  server {server}: {change}",
  "update.new-required": "  new required credentials: {keys}",
  "update.new-optional": "  new optional credentials: {keys}",
  "update.grant-default": "  sandbox folder {key} (default): {before} → {after}",
  "update.dropped": "  credentials no longer used (removed): {keys}",
  "update.no-change": "  no change to servers or credentials",
  "ask.one-of": "  one of: {values}",
  "ask.boolean": "  true or false",
  "ask.keep-stored": "Enter keeps the stored value",
  "ask.keep": "Enter keeps {value}",
  "ask.default": "Enter for {value}",
  "ask.optional": "optional, Enter to skip",
  "ask.hidden": " (hidden)",
  "install.raced": "another connectory process removed {label} meanwhile",
  "install.raced-hint": "run the command again",
  "install.permissions-invalid": "its {why}",
  "install.permissions-invalid-hint":
    "a sandbox grant must be a clean absolute folder: ask the publisher to fix it, or set the credential it uses to one (`connectory credentials set`)",
  "update.consent-required": "updating {ref} to {version} needs your consent; nothing changed",
  "update.consent-required-hint": "review the changes above, then run: connectory update {ref} --yes",
  "credentials.undeclared": "{label} has no credential named {keys}",
  "credentials.undeclared-takes": "{label} takes: {declared}",
  "credentials.undeclared-none": "{label} needs no credentials; drop the --config values",

  "oidc.not-ci": "this is not a CI job that can hand out an ID token",
  "oidc.not-ci-hint":
    "GitHub Actions: give the job `permissions: id-token: write`; GitLab: `id_tokens: CONNECTORY_ID_TOKEN`",
  "oidc.refused": "{url} refused the CI token ({status})",
  "oidc.refused-hint": "check the trusted publisher: connectory trusted-publisher list {connector}",
  "oidc.no-token": "{url} answered the exchange without a token",
  "oidc.github-refused": "GitHub Actions did not hand out an ID token",
  "oidc.github-empty": "GitHub Actions answered without an ID token",
  "oidc.github-hint": "give the publishing job `permissions: id-token: write`",
  "oidc.convert-first":
    "trusted publishing publishes connector packages only; this file needs converting first",
  "oidc.convert-first-hint": "run `connectory convert {given}` in the job and publish the folder it writes",
  "publish.path-missing": "{target} does not exist",
  "publish.path-missing-hint": "give a connector folder or a .tgz",
  "publish.tarball-too-large": "{target} is larger than 5 MiB, the tarball limit",
  "publish.tarball-too-large-hint": "remove large files from the package and pack again",
  "publish.tools-report-failed": "{name}@{version} is published, but reporting its tools failed: {reason}",
  "publish.tools-report-hint": "report them again with `connectory publish {given} --tools-only`",
  "publish.tools-credentials":
    "listing the tools of {label} needs {keys} to start its servers; nothing was published",
  "publish.tools-credentials-hint":
    "give each with --config KEY=VALUE (or --config-from-env to read variables of the same name): {retry}",
  "publish.tools-inspect":
    'could not list the tools of server "{server}" ({code}): {why}; nothing was published',
  "publish.tools-inspect-hint": "check that the server starts (`connectory validate`, then try again)",
  "publish.tools-limits":
    "the tools {label}'s servers list break the registry's limits ({n} problem(s)); nothing was published",
  "publish.tools-limits-hint":
    "at most {tools} tools, {bytes} bytes in all, each inputSchema at most {schema} bytes and {depth} levels deep: fix the servers, or publish without --with-tools",
  "pack.no-folder": "cannot write {target}: the folder {folder} does not exist",
  "pack.no-folder-hint": "Create the folder first, or pass -o a path in an existing folder.",
  "deprecate.no-match": 'no version of {name} matches "{range}"',
  "deprecate.versions": "versions: {versions}",
  "import.no-scope-file": "{host} has no {scope} config file",
  "import.no-scope-file-hint": "pass the file with --file",

  // {why} is the converter's own words (src/core/convert).
  "convert.needs-output": "convert needs -o <folder>: where to write the connector",
  "convert.failed": "{why}",
  "convert.failed-hint":
    'Nothing was written. The notes above say what was read; see docs/package-format.md, "Converting from other formats".',
  "convert.cannot-publish": "{shown} cannot be published: {why}",
  "convert.cannot-publish-hint":
    "nothing was uploaded; `connectory convert` shows what was read (docs/package-format.md)",
  "convert.fetch-failed": "{url} could not be fetched: {why}",
  "convert.answered": "{url} answered {status}",
  "convert.too-large": "{url} is larger than {max} bytes",
  "convert.not-json": "{url} is not JSON",
  "convert.no-package": 'plugin "{name}" has an npm source without a package',
  "convert.no-version": "{registry} has no version {version} of {name} with a tarball and an integrity",
  "convert.remote-hint": "check the URL and your connection; nothing was written",
  "convert.integrity": "{url} does not match its dist.integrity",
  "convert.integrity-hint":
    "the registry or something between served other bytes than it announced; nothing was written",
  "convert.output-exists": "{folder} exists and is not empty; nothing was written",
  "convert.output-exists-hint": "Choose another -o folder, or pass --force to replace it.",
};

/** A key of this file's part of the tables. */
export type RegistryMessageKey = keyof typeof enRegistry;
