import { enPublish } from "./messages-en-publish.js";
import { enOperate } from "./messages-en-operate.js";
import { enProject } from "./messages-en-project.js";
import { enDiagnose } from "./messages-en-diagnose.js";
import { enSetup } from "./messages-en-setup.js";
import { enRare } from "./messages-en-rare.js";
import { enOAuth } from "./messages-en-oauth.js";
import { enLocal } from "./messages-en-local.js";
import { enRegistry } from "./messages-en-registry.js";
import { enServe } from "./messages-en-serve.js";
import { enUsage } from "./messages-en-usage.js";
import { enDetail } from "./messages-en-detail.js";

// The CLI's words in English, by key; messages-zh-cn.ts has every key in Simplified Chinese. `{name}` is
// a placeholder. Only text output reads these: --json documents are the same in every language.
// This file holds the frame (main, options, errors) and the verbs that find, install and check
// connectors; messages-en-setup.ts the verbs that configure and operate them (config, credentials,
// export, gateway, marketplace, mcp, tools, trust, doctor, logs); messages-en-diagnose.ts what diagnoses
// (why a server is inactive, doctor's rows and notes).

const enFind = {
  "output.error": "error: ",
  "output.warning": "warning: ",
  "output.bug":
    "error: unexpected failure — this is a bug in connectory {version}; please report it with the text below.",

  "main.tagline":
    "connectory: install MCP connectors, merge them with your own servers, and hand them to every MCP host.",
  "main.usage": "Usage: connectory <command> [options]",
  "main.commands": "Commands:",
  "main.footer-flags":
    "Every command takes --help, --json and --lang. Exit codes: 0 ok, 1 failure, 2 usage error.",
  "main.footer-home": "Home folder: $CONNECTORY_HOME (default ~/.connectory).",
  "main.footer-lang":
    "Language: --lang en|zh-CN, else LC_ALL, LC_MESSAGES or LANG (zh_CN.UTF-8 reads Chinese).",
  "main.unknown-command": 'unknown command "{command}"',
  "main.unknown-command-hint": "run `connectory --help` to see the commands",
  "main.wrong-args": "wrong number of arguments for {command}",
  "main.usage-hint": "usage: connectory {usage}",
  "main.bad-option-hint": "run `connectory {command} --help`",
  "main.help-usage": "Usage: connectory {usage}",
  "main.help-options": "Options:",
  "main.repeatable": " (repeatable)",
  "main.unknown-option": "unknown option {option}",
  "main.lang-unknown": "--lang {lang} is not a language connectory speaks",
  "main.lang-hint": "use one of: {langs}",
  "option.json": "print exactly one JSON document on stdout (status stays on stderr)",
  "option.help": "show this help",
  "option.lang": "the language of messages: en or zh-CN (default: from LC_ALL, LC_MESSAGES or LANG)",

  "list.none": "No connectors installed. Find one: connectory search <words>",
  "list.name": "NAME",
  "list.version": "VERSION",
  "list.marketplace": "MARKETPLACE",
  "list.status": "STATUS",
  "list.servers": "SERVERS",
  "list.yanked": " (yanked)",
  "list.set-missing": "Set missing credentials:",
  "list.not-accepted": "Permissions not accepted (inactive):",
  "list.damaged": "Cached files damaged; install again to repair:",

  "error.unreachable": "registry unreachable at {url}",
  "error.unreachable-timeout": "registry unreachable at {url} (timed out)",
  "error.unreachable-hint":
    "check your network or that the registry is running; `connectory marketplace list` shows the URLs",
  "error.download-failed": "download from {url} failed",
  "error.download-failed-hint": "try again; nothing was installed",
  "error.no-connector": 'no connector named "{name}" in marketplace "{marketplace}"',
  "error.no-connector-hint": "search for it: connectory search {query}",
  "error.not-installed": 'no installed connector named "{name}"',
  "error.not-installed-hint":
    "run `connectory list` to see what is installed, or `connectory install <name>`",
  "error.ambiguous": '"{name}" is installed from several marketplaces: {keys}',
  "error.ambiguous-hint": "name one of them in full, e.g. `{key}`",

  "search.none": 'no connectors in {marketplace} match "{query}"',
  "search.none-filters": "no connectors in {marketplace} match your filters",
  "search.count-one": "1 connector",
  "search.count": "{count} connectors",
  "search.count-page": "{shown} of {total} connectors",
  "search.count-first": "the first {shown} connectors (more follow)",
  "search.by": "by {publisher}",
  "search.more-unknown": "more results — `{all}` lists them all; the next page: `{next}`",
  "search.more": "{count} more — `{all}` lists them all; the next page: `{next}`",
  "search.install": "install one with: connectory install <name>{marketplace}",

  "search.bad-category": "{category} is not a category",
  "search.categories": "categories: {categories}",
  "search.bad-sort": "{sort} is not a sort",
  "search.sorts": "sorts: {sorts}",
  "search.bad-limit": "--limit must be a whole number from 1 to {max}",
  "search.all-alone": "--all lists every result: it does not go with --limit or --cursor",
  "search.bad-cursor": "--cursor takes the value a previous search printed",
  "search.bad-cursor-hint": "run the search without --cursor",
  "search.long-query": "the query is longer than {max} characters",
  "info.publisher": "publisher: {publisher}",
  "info.license": "license: {license}",
  "info.categories": "categories: {categories}",
  "info.versions": "versions: {versions}",
  "info.tags": "tags: {tags}",
  "info.servers": "servers:",
  "info.permissions": "permissions (its local servers):",
  "info.credentials": "credentials:",
  "info.credentials-none": "none needed",
  "info.required": "(required)",
  "info.optional": "(optional)",
  "info.required-secret": "(required, secret)",
  "info.optional-secret": "(optional, secret)",
  "info.skills": "skills:",
  "info.flags": "FLAGS ({count}): instruction-like content a model would read; review it first:",
  "info.tools": "tools ({count}, {by}; not checked by the registry):",
  "info.tools-by": "reported by {who}",
  "info.tools-by-on": "reported by {who} on {date}",
  "info.the-publisher": "the publisher",
  "info.tools-listed-by": "listed by {catalog} (fetched {date})",
  "info.tools-on": "reported on {date}",
  "info.tools-reported": "reported",
  "info.headers": "(headers: {headers})",
  "info.oauth": "signs in with OAuth (connectory auth {server})",
  "info.accept-env": "installing asks you to accept {keys} (--accept-env)",
  "info.no-quality": "this registry does not score quality",
  "info.checklist": "(the checklist: connectory info {name} --quality)",
  "info.malicious": "this version was confirmed MALICIOUS by the registry's operators: install refuses it",
  "info.yanked": "this version is yanked: ranges and tags skip it",
  "info.deprecated": "this version is deprecated: {message}",
  "info.trust-downgrade":
    "TRUST DOWNGRADE: {version} has no build provenance, but {from} had it (built by the publisher's CI); `connectory update` refuses it unless --allow-provenance-downgrade: check with the publisher first",
  "info.installed": "installed: {version} from {marketplace}",
  "info.installed-disabled": "installed: {version} (disabled) from {marketplace}",
  "info.built": "Built from {repository}@{sha} by {workflow} ({ref}; run {runUrl})",
  "info.offline": "{why}; only the installed {ref} can be shown offline",
  "info.offline-hint":
    "run `connectory info {name}` for the installed version, or try again when the registry is back",
  "info.from-cache": "{why}; showing {ref} from cache",
  "permissions.sandbox-only": "{label}'s local servers will run in a sandbox that allows only:",
  "permissions.asks-more": "{label} asks for more than you accepted for its local servers:",
  "permissions.accepted": "accepted:",
  "permissions.now": "now asks for:",
  "permissions.accept-prompt": "accept these permissions? [y/N] ",
  "permissions.fetch-npm":
    "fetch: {spec} is downloaded from the npm registry first (none of its credentials, no install scripts, no other host)",
  "permissions.fetch-pypi":
    "fetch: {spec} is downloaded from PyPI first (none of its credentials, no other host)",
  "install.installed": "installed {name}@{version} from {marketplace}, sha512 verified",
  "install.installed-from": "installed {name}@{version} from {marketplace} (was {previous}), sha512 verified",
  "install.updated": "updated {name}@{version} from {marketplace}, sha512 verified",
  "install.updated-from": "updated {name}@{version} from {marketplace} (was {previous}), sha512 verified",
  "install.servers": "servers: {servers}",
  "install.skills-only":
    "skills only: no MCP server; `connectory config export --host <host> --write` copies its skills into that host's skills folder",
  "install.malformed": "this entry looks malformed upstream: {problem}; it may not start as written",
  "install.permissions": "permissions: {permissions}",
  "install.credentials": "credentials: {sources}",
  "install.needs-credentials": "status: needs-credentials (missing {keys})",
  "install.to-finish": "to finish: {fix}",
  "install.status": "status: {status}",
  "uninstall.done": "uninstalled {name}@{version} (from {marketplace})",
  "uninstall.done-credentials":
    "uninstalled {name}@{version} (from {marketplace}); its credentials were deleted",
  "uninstall.reinstalled": "{ref} was installed again meanwhile; nothing was removed",
  "uninstall.leftovers":
    "{ref} was not installed; removed what an interrupted install or uninstall left: {what}",
  "uninstall.its-credentials": "its credentials",
  "uninstall.its-cache": "its cached files",
  "uninstall.and": " and ",
  "outdated.h-connector": "CONNECTOR",
  "outdated.h-current": "CURRENT",
  "outdated.h-wanted": "WANTED",
  "outdated.h-latest": "LATEST",
  "outdated.h-marketplace": "MARKETPLACE",
  "outdated.failed": "{ref}: could not check: {message}",
  "outdated.nothing": "nothing is installed",
  "outdated.current-one": "it is up to date",
  "outdated.current-all": "all {n} are up to date",
  "toggle.enabled": "Enabled {key}",
  "toggle.disabled": "Disabled {key}",
  "toggle.already-enabled": "{key} was already enabled",
  "toggle.already-disabled": "{key} was already disabled",
  "skills.removed": "removed the skills {skills} from {dir}",
  "skills.left-edited": "left {skills} in {dir}: edited since connectory wrote it (remove it by hand)",
  "skills.not-cleaned": "skills were not cleaned up: {message}",
  "validate.skipped": "skipped (never packed): {files}",
  "validate.errors": "Errors:",
  "validate.warnings": "Warnings:",
  "validate.warnings-strict": "Warnings (--strict):",
  "validate.detail": "{message}",
  "validate.the-package": "the package",
  "validate.n-error": "{n} error",
  "validate.n-errors": "{n} errors",
  "validate.n-warning": "{n} warning",
  "validate.n-warnings": "{n} warnings",
  "validate.valid": "✓ {who} is valid ({errors}, {warnings})",
  "validate.invalid": "✗ {who} is not valid: {errors}, {warnings}",
  "token.none": 'no publish token for marketplace "{name}"',
  "token.elsewhere": 'the token stored for "{name}" was issued by {issuer}, not {url}',
  "token.elsewhere-unrecorded":
    'the token stored for "{name}" was issued by an unrecorded address, not {url}',
  "token.hint": "run `connectory login {name} --token <token>` (or set CONNECTORY_TOKEN)",
  "publish-api.unreachable-hint":
    "check the marketplace URL (`connectory marketplace list`) and that the registry is running",
  "publish-api.refused": "{url} answered {status} {statusText}",
  "publish-api.refused-hint": "the registry at {url} refused the request ({status})",
  "publish-api.login-again": "log in again with `connectory login <marketplace> --token <token>`",
};

export const en = {
  ...enFind,
  ...enSetup,
  ...enDiagnose,
  ...enProject,
  ...enOperate,
  ...enPublish,
  ...enRare,
  ...enOAuth,
  ...enLocal,
  ...enRegistry,
  ...enServe,
  ...enUsage,
  ...enDetail,
};

/** A key of the CLI's message tables. */
export type CliMessageKey = keyof typeof en;

/** A key of this file's part of the tables (messages-zh-cn.ts translates it key by key). */
export type FindMessageKey = keyof typeof enFind;
