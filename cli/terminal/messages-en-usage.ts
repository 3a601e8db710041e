// The CLI's words in English for usage errors (exit 2) about a flag's value or a name's spelling:
// --config pairs, `mcp add`'s flags, a connector name, a version, a range or a tag. messages-en.ts joins
// it, messages-zh-cn-usage.ts translates it.

export const enUsage = {
  "usage.no-rest": "{command} does not take arguments after --",
  "usage.example": "e.g. {example}",
  "usage.config-env-unset": "--config-env {keys}: no such environment variable is set",
  "usage.config-env-unset-hint": "set it first, or give the value with --config {key}=…",
  "usage.config-not-pair": "--config value #{n} is not KEY=VALUE",
  "usage.config-not-pair-hint": "write each credential as --config KEY=VALUE, e.g. --config TUSHARE_TOKEN=…",
  "usage.config-twice": "--config {key} is given twice",
  "usage.config-twice-hint": "give each key once",
  "usage.project-config-unused": "--config {keys}: no connector of the project takes these keys",
  "usage.project-config-unused-one": "--config {keys}: no connector of the project takes this key",
  "usage.project-config-unused-hint":
    "check the spelling (connectory.lock lists each connector's credential keys), or name the connector: --config <connector>.KEY=VALUE",
  "usage.not-a-name": '"{name}" is not a connector name',
  "usage.not-a-name-hint": "names are lower-case letters, digits and dashes, e.g. {example}",
  "usage.not-a-name-install-hint":
    "names are lower-case letters, digits and dashes, e.g. `connectory install tushare@^1`",
  "usage.no-version-after-at": '"{spec}" names no version after @',
  "usage.no-version-after-at-hint": "e.g. tushare@^1.2 or tushare@latest",
  "usage.no-version": '"{spec}" names no version',
  "usage.no-version-hint": "give <name>@<version>, e.g. {example}",
  "usage.not-exact-version": '"{version}" is not an exact version (strict semver, e.g. 1.2.3)',
  "usage.no-range": '"{spec}" names no version range',
  "usage.no-range-hint": "give <name>@<range>, e.g. {example}",
  "usage.not-a-range": '"{range}" is not a version, a range or a dist-tag of {name}',
  "usage.not-a-tag": '"{tag}" is not a dist-tag name',
  "usage.not-a-tag-hint":
    "a tag is a lower-case word (up to 32 characters) starting with a letter that is not a version range, e.g. beta, next",
  "usage.deprecate-message": "the message must be one line of at most {max} characters (it has {n})",
  "usage.deprecate-message-break":
    "the message must be one line of at most {max} characters (it has {n}, and a line break)",
  "usage.deprecate-message-hint": 'shorten it; "" undeprecates',
  "usage.mcp-url-or-command": "give either --url <url> or -- <command> [args…]",
  "usage.mcp-add-help": "run `connectory mcp add --help`",
  "usage.mcp-add-see-help": "see `connectory mcp add --help`",
  "usage.mcp-env-url": "--env applies to a command (stdio) server, not to --url",
  "usage.mcp-transport": "--transport must be one of {transports}",
  "usage.mcp-url": "--url must be an http:// or https:// URL",
  "usage.mcp-header-command": "--header and --transport apply to a --url server, not to a command",
  "usage.pair-not": "{flag} #{n} is not {example}",
  "usage.pair-twice": "{flag} {key} is given twice",
  "usage.mcp-sandbox-url":
    "--allow-net, --allow-read, --allow-write and --no-network sandbox a command server, not --url",
  "usage.mcp-net-both": "give --no-network or --allow-net, not both",
  "usage.mcp-net-any": "--allow-net any already allows every host: drop the other --allow-net",
  // {why} is the permission block's check (src/core/sandbox/permission-block.ts).
  "usage.mcp-permissions": "{why}",
  "usage.timeout-ms": "--timeout must be milliseconds from 1 to 600000, not {value}",
  "usage.publish-config-with-tools":
    "--config, --config-from-env, --config-env and --timeout only go with --with-tools",
  "usage.import-from": "--from is required",
  "usage.import-from-hint": "e.g. connectory import --from cursor --dry-run",
  "usage.import-scope": "--scope must be one of user, project",
  "usage.report-reason": "report needs --reason <kind>",
  "usage.report-kinds": "one of {kinds}",
  "usage.report-message": "report needs --message <text>",
  "usage.report-message-hint": "say what is wrong",
  // {why} is the report check's own words (src/core).
  "usage.report-invalid": "{why}",
  "usage.report-kinds-flag": "--reason is one of {kinds}",
  "usage.tools-target": "name the tool as <server>/<tool> (or <server>/* for all of them), not {target}",
  "usage.tools-target-hint": "connectory tools limit weather/get_forecast 10/min",
  "usage.completion-shell": 'no completion for "{shell}"',
  "usage.completion-shell-hint": "use one of bash, zsh, fish",
  "usage.prefer": "--prefer {prefer} is not a runner",
  "usage.prefer-hint": "use one of: {runners}",
  "usage.trusted-publisher-add":
    "trusted-publisher add needs --repository <owner/repo> and --workflow <file>",
  "usage.trusted-publisher-id": '"{id}" is not a trusted publisher id',
  "usage.trusted-publisher-id-hint": "the ids are in `connectory trusted-publisher list {name}`",
};

/** A key of this file's part of the tables. */
export type UsageMessageKey = keyof typeof enUsage;
