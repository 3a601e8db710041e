// The CLI's words in English for what diagnoses: why a server is inactive (cli/terminal/inactive-reason.ts
// words src/core/merge.ts's codes), doctor's rows and notes, the skills overview, the host-file labels and
// validate's problem kinds. messages-en.ts joins it with the rest; messages-zh-cn-diagnose.ts translates it.

export const enDiagnose = {
  "why.connector-disabled": "the connector {connector} is disabled: run `connectory enable {ref}`",
  "why.render-failed": "its package cannot be rendered: {problem}",
  "why.sandbox-invalid":
    "its sandbox {problem}: it does not start until the publisher or `connectory credentials set {ref}` fixes it",
  "why.needs-consent":
    "{connector} {version} declares permissions beyond what you accepted: review them (`connectory info {ref}`), then accept them: `connectory install {connector}@{version}{from} --yes`",
  "why.needs-credentials": "missing credentials {missing}: run `connectory credentials set {ref}`",
  "why.manual-credentials-missing":
    "its credentials {missing} are missing from credentials.json (servers.{server}): import it again",
  "why.untrusted":
    "hand-written servers run only once trusted: review it, then run `connectory trust {server}`",
  "why.changed-parts":
    "its {parts} changed since you trusted it: review it, then run `connectory trust {server}` again",
  "why.changed":
    "its launch spec changed since you trusted it: review it, then run `connectory trust {server}` again",
  "why.shadowed-by-manual": 'the hand-written server "{server}" in {file} has the same name and wins',
  "why.shadowed-by-connector": '{owner} already provides a server named "{server}"',
  "why.is": "{server} is {status}",
  "why.is-because": "{server} is {status}: {reason}",
  "why.server-is": 'server "{server}" is {status}',
  "why.server-is-because": 'server "{server}" is {status}: {reason}',
  "why.no-active": '"{query}" has no active server: {why}',
  "why.no-active-hint":
    "fix what the reason says, then try again (`connectory config --explain` shows every server)",

  "hosts.file-label": "{file} ({host}, {scope} scope)",
  "hosts.no-profile":
    "{file} was exported for profile {profile}, which no longer exists: create it again (`connectory profile create {profile}`) or export another profile",
  "hosts.unknown": 'unknown host "{name}"',
  "hosts.known": "known hosts: {hosts}",
  "hosts.no-file": "{host} has no config file Connectory can edit",
  "hosts.no-file-hint": "use `connectory config copy <connector> --host {id}` for its install link",
  "hosts.not-a-file": "{file} is not a regular file",
  "hosts.check-path": "check the path; nothing was changed",
  "hosts.too-large": "{file} is larger than {bytes} bytes",
  "hosts.too-large-hint": "this does not look like an MCP host config; check the path, nothing was changed",
  "hosts.import-no-file": "{host} keeps no config file to import from",
  "hosts.import-missing": "{file} does not exist",
  "hosts.import-missing-hint":
    "pass the host's config file with --file, or --scope project for the project's",
  "hosts.extension-name": "the extension folder must be named {name}, not {folder}",
  "hosts.extension-name-hint": "give --file <parent>/{name} (Gemini CLI names an extension after its folder)",
  "hosts.extension-not-ours": "{dir} exists and is not an extension Connectory wrote",
  "hosts.extension-not-ours-hint": "choose another folder with --file, or move that one away",
  "hosts.extension-host": "--as-extension is for --host gemini-cli",
  "hosts.extension-host-hint": "drop --as-extension, or use --host gemini-cli",
  "hosts.extension-inline": "--as-extension writes launcher entries: it takes no --mode inline",
  "hosts.extension-inline-hint":
    "drop --mode inline (an extension folder is copied around: secrets stay in Connectory)",
  "hosts.skills-outside": "the project's skills folder {dir} leads to {real}, outside the project {root}",
  "hosts.skills-outside-hint":
    "a project's skills folder must be inside it: remove the link, or export with --scope user; no skill was written",
  "hosts.launcher-invalid":
    "CONNECTORY_LAUNCHER must be a JSON array of strings (the command first), not {value}",
  "hosts.launcher-invalid-hint":
    'e.g. CONNECTORY_LAUNCHER=\'["connectory"]\' or \'["node", "/path/to/bin/connectory.js"]\'; unset it for the default',

  "doctor.cell-missing-in": "missing in {hosts}",
  "doctor.cell-not-pinned": "not pinned",
  "doctor.cell-missing": "missing {keys}",
  "doctor.not-in": "not in {file}: run `{command}`",
  "doctor.not-pinned":
    "its tools are not pinned yet: run `connectory inspect {server}` to review and approve them",
  "doctor.drift":
    "its tools changed since you approved them on {date}; `connectory run {server}` refuses it until you review and run `connectory trust {server}`:",
  "doctor.missing-credentials": "missing credentials",
  "doctor.broken": "FAIL {key}: its installed package cannot be read ({message}); reinstall it",
  "doctor.stale": 'FAIL {file} still lists "{server}", which is no longer active: run `{command}`',
  "doctor.lost-gateway": 'FAIL {file} lacks the gateway entry "{server}": run `{command}`',
  "doctor.gone":
    "WARN {file} no longer exists: Connectory forgot what it had exported there (export again: `{command}`)",
  "doctor.sandbox": "sandbox: {detail}",
  "doctor.sandbox-warn": "WARN sandbox: {detail}",
  "doctor.leftover-credentials":
    "WARN {key} is not installed but its credentials remain (an interrupted install or uninstall): run `connectory uninstall {key}` to remove them",
  "doctor.leftover-cache":
    "WARN {key} is not installed but its cached files remain (an interrupted install or uninstall): run `connectory uninstall {key}` to remove them",
  "doctor.leftover-both":
    "WARN {key} is not installed but its credentials and cached files remain (an interrupted install or uninstall): run `connectory uninstall {key}` to remove them",
  "doctor.project-drift": "FAIL project: {drift}: run `connectory sync`",
  "doctor.project-credentials": "WARN project: {name} needs {keys}: run `connectory sync` on a terminal",
  "doctor.project-ok": "project: this machine matches {project}/connectory.lock",
  "doctor.consent": "WARN {server} is inactive: {reason}",
  "doctor.needs-auth": "FAIL {server}: needs-auth ({state}): sign in with `connectory auth {server}`",
  "doctor.store-keychain": "credentials: in {location}",
  "doctor.store-file": "credentials: in {location}",
  "doctor.store-file-keychain": "credentials: in {location}; keychain: {keychain}",
  "doctor.store-leftover":
    "WARN credentials: a copy left in the OS keychain by a move to credentials.json is still to be deleted (the keychain did not answer); the next command that reaches it deletes it",
  "doctor.store-failed": "FAIL credentials: {message}",
  "doctor.store-failed-hint": "FAIL credentials: {message} ({hint})",
  "doctor.gateway":
    "gateway {pid}{client}: {running} of {total} server(s) running (`connectory gateway status`)",
  "doctor.gateway-crashed":
    "WARN gateway {pid}{client}: {running} of {total} server(s) running; crashed: {crashed} (`connectory gateway status`)",
  "doctor.gateway-client": " for {client}",
  "doctor.gateway-crash": "{server}: {error}, {restarts} restart(s)",
  "doctor.crashed": "crashed",
  "doctor.skill-removed":
    "WARN skill {dir} was removed by hand: `connectory config export --host {host} --write` puts it back",
  "doctor.skill-edited": "WARN skill {dir} was edited since connectory wrote it: exports leave it alone",
  "doctor.skill-orphan":
    "FAIL skill {dir} belongs to {connector}, which is no longer active: run `connectory config export --host {host} --write`",
  "sandbox.no-platform":
    "no sandbox on {platform} yet: connectors that declare permissions start only after `connectory sandbox off <connector>`",
  "sandbox.no-bwrap":
    "bubblewrap is not installed: install bubblewrap (Debian/Ubuntu: `sudo apt-get install bubblewrap`; Fedora: `sudo dnf install bubblewrap`; Arch: `sudo pacman -S bubblewrap`), or run it unsandboxed at your own risk: `connectory sandbox off <connector>`",
  "sandbox.bwrap-socat": "bubblewrap works ({bwrap}); host allowlists through socat ({socat})",
  "sandbox.bwrap-no-socat":
    "bubblewrap works ({bwrap}); socat is missing, so servers that declare a host list do not start (`sudo apt-get install socat`)",
  "sandbox.bwrap-fails":
    "{bwrap} cannot create a sandbox here ({why}); unprivileged user namespaces may be disabled (sysctl kernel.unprivileged_userns_clone, or AppArmor's restriction on Ubuntu 24.04)",
  "sandbox.no-seatbelt":
    "sandbox-exec is missing: macOS ships /usr/bin/sandbox-exec, which is missing or does not work here; or run it unsandboxed at your own risk: `connectory sandbox off <connector>`",
  "sandbox.seatbelt-works":
    "sandbox-exec works ({sandboxExec}); host allowlists through a proxy on 127.0.0.1 (the macOS sandbox is untested on a real Mac by this project's CI)",
  "sandbox.seatbelt-fails": "{sandboxExec} cannot apply a profile here ({why})",
  "sandbox.unknown": 'no installed connector or hand-written server is named "{query}"',
  "sandbox.unknown-hint": "see `connectory list` and `connectory mcp list`",
  "sandbox.off": "{key} now runs unsandboxed",
  "sandbox.off-declares": "{key} now runs unsandboxed (its declared permissions are not enforced)",
  "sandbox.on": "{key} runs in its sandbox again",
  "sandbox.on-undeclared": "{key} runs in its sandbox again (it declares no permissions: unrestricted)",
  "sandbox.on-or-off": 'expected on or off, not "{value}"',
  "sandbox.all-on":
    "Every hand-written stdio server now runs sandboxed; without a permissions block: no network, none of your home{servers}",
  "sandbox.all-off": "Hand-written servers without a permissions block run unrestricted again{servers}",
  "inspect.skipping": "skipping {server}: it is {status}",
  "inspect.skipping-because": "skipping {server}: it is {status} ({reason})",
  "inspect.drift-snapshot":
    "the tools of {server} differ from what the registry recorded and signed for this version: `connectory run` refuses the changed tools; review the diff, then `connectory trust {server}` to approve them anyway",
  "inspect.drift":
    "the tools of {server} changed since you approved them: run `connectory trust {server}` after reviewing the diff",
  "inspect.failed": "  FAILED {code}: {message}",
  "inspect.server": "  server        {server}",
  "inspect.protocol": "  protocol      {version} over {transport}",
  "inspect.capabilities": "  capabilities  {capabilities}",
  "inspect.none": "(none)",
  "inspect.pins": "  pins          {pins}",
  "inspect.instructions": "  instructions  {text}",
  "inspect.tools": "  tools ({n})",
  "inspect.flags": "  FLAGS ({n}): read these tools before you approve them",
  "inspect.hidden": "  hidden from hosts ({n})",
  "inspect.resources": "  resources ({n})",
  "inspect.templates": "  resource templates ({n})",
  "inspect.prompts": "  prompts ({n})",
  "inspect.pinned": "recorded now: these tool definitions are what you approve",
  "inspect.match-snapshot": "match (the registry's signed tool snapshot, recorded {date})",
  "inspect.match": "match (approved {date})",
  "inspect.drift-cell-snapshot":
    "DRIFT: the tools differ from the registry's signed tool snapshot (recorded {date})",
  "inspect.drift-cell": "DRIFT: the tools differ from what you approved on {date}",
  "inspect.unpinned": "not pinned",

  "skills.overview": "Skills:",
  "skills.inactive": " (inactive: its skills are not exported)",
  "skills.not-exported": "not exported",
};

/** A key of this part of the tables. */
export type DiagnoseMessageKey = keyof typeof enDiagnose;
