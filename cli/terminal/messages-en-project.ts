// The CLI's words in English for a project's verbs (init, add, remove, sync) and the errors of a
// project's files; messages-en.ts joins it with the rest, messages-zh-cn-project.ts translates it.

export const enProject = {
  "project.wrote": "wrote {file} ({connectors}, {hosts})",
  "project.n-connector": "{n} connector",
  "project.n-connectors": "{n} connectors",
  "project.hosts": "hosts {hosts}",
  "project.no-hosts": "no hosts",
  "project.next": "next: connectory add <name>, then commit connectory.json and connectory.lock",
  "project.exists": "{file} already exists; it was left alone",
  "project.exists-hint": "edit it, or use `connectory add <name>` and `connectory remove <name>`",
  "project.hand-written":
    "{server} is a hand-written server: a project holds only connectors, so it was left out",
  "project.none": "{dir} has no {file}",
  "project.none-hint": "run `connectory init` in the project's folder first (or cd into it)",
  "project.manifest-invalid": "{file} does not parse: {message} at line {line}, column {column}",
  "project.fix-file": "fix the file; nothing was changed",
  "project.host-unsupported": "{host} has no project-scope config file",
  "project.host-unsupported-hint":
    "list only hosts with a project file in connectory.json (docs/hosts.md says which)",
  "project.added": "added {name}@{range} to connectory.json",
  "project.added-locked": "added {name}@{range} to connectory.json (locked {version})",
  "project.removed": "removed {name} from connectory.json",
  "project.not-listed": "{name} is not in connectory.json",
  "project.it-lists": "it lists: {names}",
  "project.lists-nothing": "nothing",
  "project.marketplace-unknown": 'no marketplace named "{marketplace}" in connectory.json or yours',
  "project.marketplace-unknown-hint": "add it first: connectory marketplace add {marketplace} <url>",
  "project.lock-missing": "{file} does not exist; --frozen changes nothing",
  "project.lock-missing-hint": "run `connectory sync` (without --frozen) and commit connectory.lock",
  "project.lock-frozen":
    "connectory.json and connectory.lock disagree ({problems}); --frozen changes nothing",
  "project.lock-frozen-hint": "run `connectory sync` (without --frozen) to update the lock, and commit it",
  "project.needs": "{name} needs {keys}",

  "sync.installed": "installed {name}@{version}{was} ({state})",
  "sync.unchanged": "unchanged {name}@{version}{was} ({state})",
  "sync.was": " (was {version})",
  "sync.none": "the project lists no connectors",
  "sync.removed": "removed {key} (the lock no longer lists it)",
  "sync.wrote": "wrote {file}",
  "sync.file-unchanged": "{file} unchanged",
  "sync.not-ours": '  {file}: "{name}" is not the project\'s entry: left alone',
  "sync.wrote-lock": "wrote connectory.lock",
  "sync.tool-rules": "set the tool rules of {server} from connectory.json",
  "sync.guards": "set the guard modes of {key} from connectory.json",
  "sync.profile": "set the profile {name} from connectory.json",
  "sync.grants": "set the sandbox grants of {key} from connectory.json",
  "sync.to-finish": "to finish: connectory sync {flags} (or run it on a terminal to be asked)",
  "sync.drift": "drift: {drift}",
  "sync.matches": "this machine matches connectory.lock",
  "sync.run-sync": "run `connectory sync` to match the lock",
  "sync.note-tool-rules":
    'connectory.json has tool rules for "{server}", which no connector of the project provides',
  "sync.note-guards":
    'connectory.json has guard modes for "{server}", which no connector of the project provides',
  "sync.note-grant-missing":
    "connectory.json grants {name} {path}, which does not exist: create it, or {name} will not start",
  "sync.note-name":
    "the project files start `connectory run {name}` for {connector}, but {what}: see `connectory config --explain`",
  "sync.name-none": "no active server is named {name} here",
  "sync.name-manual": "your hand-written server {name} has that name",
  "sync.name-connector": "{connector} provides the server named {name} here",
  "sync.name-other": "another connector provides the server named {name} here",
  "sync.grants-wider": "connectory.json grants sandbox folders beyond what these connectors declare:",
  "sync.grants-prompt": "grant these folders? [y/N] ",
  "sync.grants-refused": "the sandbox grants of connectory.json were not accepted; no grant was written",
  "sync.grants-refused-hint": "review them in connectory.json, then run: connectory sync --yes",
  "project.marketplace-conflict": 'the project\'s marketplace "{project}" is {url}, but yours is {yours}',
  "project.marketplace-conflict-other":
    'the project\'s marketplace "{project}" is {url}, but yours is another URL',
  "project.marketplace-conflict-hint":
    "add the project's one under another name: connectory marketplace add <name> {url}",
  "project.marketplace-unadded":
    'the project installs from marketplace "{project}" ({url}), which you have not added; nothing was changed',
  "project.marketplace-unadded-hint": "check that you trust it, then run: {command}",
  "project.marketplace-unadded-status":
    'the project installs from marketplace "{project}" at {url}, which you have not added.',
  "project.marketplace-add-prompt": "add it to your marketplaces? [y/N] ",
  "project.marketplace-declined": 'marketplace "{project}" was not added; nothing was changed',
  "project.marketplace-declined-hint": "run `{command}` once you trust it",
  "project.file-too-large": "{file} is larger than {max} bytes",
  "project.file-not-regular": "{file} is not a regular file",
  "project.file-check-hint": "check the project folder; nothing was changed",
  "project.grant-outside":
    "connectory.json grants {name} {path}, which really is {real}, outside the project folder: refused, nothing changed",
  "project.grant-outside-hint":
    "a project grant names a folder of the project itself: replace the link by a folder",
  "project.lock-gone":
    "{name}@{version}, which connectory.lock pins, is no longer served by {url}; nothing was changed",
  "project.lock-gone-hint":
    "run `connectory update {name}` in the project to lock a version that is, and commit the lock",
  "project.lock-integrity":
    "connectory.lock's integrity for {name}@{version} is not what {url} serves; it was refused and nothing was changed",
  "project.lock-integrity-hint":
    "lock {lock}…, registry {registry}…: someone edited the lock or the registry changed a published version; check the lock's history (git log connectory.lock) before anything else",
  "project.lock-permissions":
    "connectory.lock records other permissions for {name}@{version} than the version declares; nothing was changed",
  "project.lock-permissions-hint":
    "someone edited the lock: restore it from version control, or run `connectory update` in the project to lock it again",
};

/** A key of this part of the tables. */
export type ProjectMessageKey = keyof typeof enProject;
