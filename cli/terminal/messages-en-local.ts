// The CLI's words in English for errors of what lives on this machine: a sandbox grant that cannot be
// mounted, the credential store and its keychain entry, the files of the Connectory home, a gateway's
// --http address and token file. messages-en.ts joins it, messages-zh-cn-local.ts translates it.

export const enLocal = {
  // {why} is the grant rules' own words (src/core/sandbox/grant-paths.ts).
  "sandbox.grant-invalid": "{connector} is granted a path that {why}: refused",
  "sandbox.grant-invalid-via": "{connector} is granted a path that {why} (from {via}): refused",
  "sandbox.grant-refused": "{connector} is granted {why}: refused",
  "sandbox.grant-refused-via": "{connector} is granted {why} (from {via}): refused",
  "sandbox.grant-really": "{connector} is granted {path}, really {why}: refused",
  "sandbox.grant-really-via": "{connector} is granted {path}, really {why} (from {via}): refused",
  "sandbox.grant-refused-hint": "a grant names one folder of yours: ask the publisher to narrow it",
  "sandbox.grant-refused-via-hint":
    "set {via} to the one folder it should reach (`connectory credentials set {connector}`)",
  "sandbox.grant-missing": "{connector} is granted {path}, which does not exist",
  "sandbox.grant-missing-hint": "create it, or choose another folder (`connectory credentials set`)",
  "sandbox.path-invalid": "{connector}: {why}",
  "sandbox.path-invalid-hint": "choose a folder whose path has no control characters (newlines, tabs)",

  "store.choice-invalid": 'CONNECTORY_CREDENTIAL_STORE is "{value}", not keychain, file or auto',
  "store.choice-invalid-hint":
    "set it to keychain or file, or unset it to use the keychain where there is one",
  "store.keychain-holds": "{why}, and it holds this home's credentials",
  "store.keychain-holds-hint":
    "make the keychain reachable again (CONNECTORY_CREDENTIAL_STORE=file moves them back to credentials.json once it is)",
  "store.not-kept": "{label} did not keep what was written to it; credentials.json is left as it was",
  "store.not-kept-hint": "set CONNECTORY_CREDENTIAL_STORE=file to keep the credentials in credentials.json",
  "store.conflict": "{file} and {label} both hold credentials for this home, and they differ",
  "store.conflict-hint":
    'this home keeps its credentials in the keychain: move {file} out of the home if the keychain\'s are current, or delete the keychain entry (service "{service}", account "{account}") and {marker} to keep the file\'s',
  "keychain.entry-invalid":
    'the credentials in {label} (service "{service}", account "{account}") are not what connectory wrote there: {problem}',
  "keychain.entry-not-json":
    'the credentials in {label} (service "{service}", account "{account}") are not what connectory wrote there: it is not valid JSON',
  "keychain.head-invalid":
    'the head entry in {label} (service "{service}", account "{account}") names its parts wrongly',
  "keychain.entry-invalid-hint":
    "fix or delete that entry with your keychain's own tool; connectory will not overwrite it",
  "keychain.part-missing":
    'part {part} of {count} of the credentials in {label} (service "{service}", account "{account}") is missing',
  "keychain.part-missing-hint": "the keychain lost an entry: set the credentials again, or restore the entry",

  "home.file-not-json": "{file} is not valid JSON",
  "home.file-not-json-at": "{file} is not valid JSON, at line {line}, column {column} ({what})",
  "home.file-not-ours": "{file} is not what connectory wrote there: {problem}",
  "home.file-fix-hint": "fix or move the file by hand; connectory will not overwrite it",
  "home.pins-invalid": "{file} is not a valid pins file: {problems}",
  "home.pins-invalid-hint":
    "move it aside and re-approve your servers with `connectory trust <server>`; connectory will not overwrite it",
  "home.cache-symlink":
    "{path} is a symbolic link; connectory never writes or deletes through one in its cache",
  "home.cache-symlink-hint": "check where it points (ls -l {path}), then remove the link itself: rm {path}",
  "home.cache-outside": "{path} is not inside the cache {cache}",
  "home.cache-outside-hint": "this is a bug in connectory, or the cache was changed by hand: check the path",
  "home.unsafe-owner":
    "{file} belongs to another user (uid {uid}), who could make connectory run anything as you",
  "home.unsafe-owner-fix": "check what it holds, then: sudo chown {me} {file}",
  "home.unsafe-owner-folder-fix": "check what it holds, then: sudo chown {me} {file} (and its files)",
  "home.unsafe-everyone":
    "{file} is writable by every user (mode {mode}): another local user could make connectory run anything as you",
  "home.unsafe-group":
    "{file} is writable by its group (mode {mode}): another local user could make connectory run anything as you",
  "home.unsafe-writable-fix": "check what it holds, then: chmod {mode} {file}",
  "home.credentials-symlink":
    "{file} is a symbolic link; connectory keeps secrets only in a real file inside its 0700 home",
  "home.credentials-symlink-fix":
    'replace the link with the file it points to: mv "$(readlink -f {file})" {file}, or remove it',
  "mcp-json.too-large": "{file} is {size} bytes, more than connectory reads (1 MiB)",
  "mcp-json.too-large-hint": "a hand-written server list is a few kilobytes: check what was written into it",
  "mcp-json.syntax": "{file}:{line}:{column}: {message}",
  "mcp-json.syntax-hint": "fix the file by hand; connectory leaves it untouched until it parses",
  "mcp-json.permissions-invalid": '{file}: server "{name}": {why}',
  "mcp-json.permissions-invalid-hint":
    "fix the block by hand (see docs/package-format.md#permissions); connectory leaves the file untouched until then",
  "mcp-json.unreadable": "{file} holds servers connectory cannot read: {why}",
  "mcp-json.unreadable-hint":
    "fix the listed entries by hand; connectory leaves the file untouched until then",
  // What the file system refused ({syscall}: open, mkdir, rename…).
  "fs.enotdir": "cannot {syscall} {path}: a part of this path is a file, not a folder",
  "fs.eexist": "cannot {syscall} {path}: it exists and is not a folder",
  "fs.eisdir": "cannot {syscall} {path}: it is a folder, not a file",
  "fs.eacces": "cannot {syscall} {path}: permission denied",
  "fs.eperm": "cannot {syscall} {path}: operation not permitted",
  "fs.erofs": "cannot {syscall} {path}: the file system is read-only",
  "fs.enospc": "cannot {syscall} {path}: no space left on the device",
  "fs.edquot": "cannot {syscall} {path}: the disk quota is exhausted",
  "fs.hint": "check that path; connectory keeps its files in $CONNECTORY_HOME (now {home})",
  "prompt.aborted": "input was cancelled",
  "prompt.aborted-hint": "run the command again, or pass the values with --config KEY=VALUE",

  "gateway-http.not-address": "--http {value} is not <host>:<port>",
  "gateway-http.not-address-hint":
    "e.g. --http 127.0.0.1:8765 (port 0 picks a free one), or --http [::1]:8765",
  "gateway-http.not-loopback":
    "--http {value}: the gateway listens on loopback only (127.0.0.1, ::1, localhost)",
  "gateway-http.not-loopback-hint":
    "use --http 127.0.0.1:{port}; to reach it from another machine, tunnel to it (e.g. ssh -L)",
  "gateway-http.listen-failed": "cannot listen on {address}: {why}",
  "gateway-http.port-taken-hint": "pick another port (0 picks a free one)",
  "gateway-http.check-address-hint": "check the address",
  "gateway-http.token-not-file": "{file} is not a small regular file",
  "gateway-http.token-not-token": "{file} does not hold one gateway token",
  "gateway-http.token-hint":
    "make a new one with `connectory gateway token --rotate` (hosts using the old one must be given the new one)",
};

/** A key of this file's part of the tables. */
export type LocalMessageKey = keyof typeof enLocal;
