// The CLI's words in English for errors of rarer paths (a tampered cache, a bundle that fails to
// download, a sandbox that cannot start, a trust downgrade, the OS keychain); messages-en.ts joins it,
// messages-zh-cn-rare.ts translates it.

export const enRare = {
  "damage.changed": "{files} changed",
  "damage.missing": "{files} missing",
  "damage.added": "{files} added",
  "damage.more": "{files} and {n} more",
  "cache.tampered":
    "the cached files of {label} changed since they were installed ({damage}); connectory will not launch them",
  "cache.tampered-hint": "if you did not change them yourself, look at them; then reinstall: {command}",
  "cache.changed": "its files changed ({damage})",
  "cache.redownload": "the cached files of {label} are damaged ({why}); downloading them again",
  "cache.unreadable": "the cached files of {label} cannot be read",
  "cache.unreadable-hint": "reinstall it: connectory install {name} (it was read from {dir})",
  "package.unreadable": "{label} is not a readable connector package: {why}",
  "package.unreadable-hint": "nothing was installed; report this to the connector's publisher",
  "tarball.integrity":
    "the tarball of {label} does not match the registry's integrity; it was refused and nothing changed",
  "tarball.integrity-hint":
    "expected {expected}…, got {actual}…: the download was altered on the way or the registry is broken; try again later or report it to the marketplace operator",
  "tarball.other-package": "the registry sent {sent} when asked for {label}; nothing was installed",
  "tarball.other-package-hint": "report this to the marketplace operator",
  "bundle.not-https": "the MCP Bundle {url} is not an https:// URL",
  "bundle.not-https-hint": "ask the connector's publisher to host it over https",
  "bundle.download": "the MCP Bundle {url} could not be downloaded: {why}",
  "bundle.download-hint": "check the network and run the install again",
  "bundle.integrity": "the MCP Bundle {url} has sha256 {actual}, not the {sha256} its package names: refused",
  "bundle.integrity-hint":
    "the file changed since it was published; ask the publisher, or install another version",
  "bundle.no-manifest": "the MCP Bundle {url} has no manifest.json",
  "bundle.no-manifest-hint": "ask its publisher to rebuild it with `mcpb pack`",
  "sandbox.none":
    "{connector} declares permissions, and no sandbox is available on this machine to enforce them",
  "sandbox.none-hint-linux":
    "install bubblewrap (Debian/Ubuntu: `sudo apt-get install bubblewrap`; Fedora: `sudo dnf install bubblewrap`; Arch: `sudo pacman -S bubblewrap`), or run it unsandboxed at your own risk: `connectory sandbox off {connector}`",
  "sandbox.none-hint-macos":
    "macOS ships /usr/bin/sandbox-exec, which is missing or does not work here; or run it unsandboxed at your own risk: `connectory sandbox off {connector}`",
  "sandbox.socat-hosts":
    "{connector} may reach only {hosts}, and socat, which the sandbox needs to enforce that, is not installed",
  "sandbox.socat-fetch":
    "{connector} fetches {spec} through a filtering proxy, which needs socat, and socat is not installed",
  "sandbox.socat-hint":
    "install socat (Debian/Ubuntu: `sudo apt-get install socat`; Fedora: `sudo dnf install socat`)",
  "sandbox.path-unset-hint": "set the credential it names (`connectory credentials set {connector}`)",
  "sandbox.fetch-failed": "could not fetch the server's package before starting it without network: {why}",
  "sandbox.fetch-failed-hint": "check your connection to the npm registry, then try again",
  "update.downgrade":
    "{name}@{version} has no build provenance, but {from} had it (a trust downgrade); it was not installed",
  "update.downgrade-allowed":
    "{name}@{version} has no build provenance, but {from} had it (a trust downgrade); updating anyway (--allow-provenance-downgrade)",
  "update.downgrade-hint":
    "a release built outside its publisher's CI is how compromised versions looked; check with the publisher, then run `connectory update {name} --allow-provenance-downgrade` if it is expected",
  "keychain.locked": "{label} is locked ({why})",
  "keychain.locked-hint":
    "unlock it (log in to the desktop session, unlock the login keychain, or run `gnome-keyring-daemon --unlock`) and run the command again, or set CONNECTORY_CREDENTIAL_STORE=file to keep credentials in credentials.json; connectory never falls back to the disk on its own",
  "keychain.failed": "could not {what} the credentials in {label}: {why}",
  "keychain.failed-hint":
    "run the command again; if it keeps failing, set CONNECTORY_CREDENTIAL_STORE=file to keep them in credentials.json (0600) instead",
  "keychain.unavailable": "the OS keychain cannot be used: {why}",
  "keychain.unavailable-hint":
    "start or unlock the keychain (on Linux a Secret Service such as gnome-keyring in your D-Bus session), install the optional package @napi-rs/keyring, or set CONNECTORY_CREDENTIAL_STORE=file",
  // What to do about a refused signature (cli/verify/signature-error.ts).
  "signature.missing":
    "the registry did not sign it: nothing was installed; ask the marketplace operator, or use another marketplace",
  "signature.malformed":
    "the registry sent a damaged signature: nothing was installed; try again later or report it to the marketplace operator",
  "signature.unknown-key":
    "it is signed by a key you never pinned: if the operator rotated keys without a chain, check the new fingerprint with them, then run `connectory marketplace add <name> <url> --key <fingerprint>`",
  "signature.revoked":
    "the key that signed it was revoked: nothing was installed; wait until the operator re-signs it, and report it",
  "signature.expired":
    "the key that signed it had expired when it was signed: nothing was installed; report it to the marketplace operator",
  "signature.invalid":
    "the signature does not verify: the version or its documents were altered (a tampered database, storage or mirror); nothing was installed; report it to the marketplace operator",
  "signature.mismatch":
    "what was downloaded is not what the registry signed (a swapped tarball or rewritten documents); nothing was installed; report it to the marketplace operator",
  "signature.log-checkpoint":
    "the transparency log's checkpoint is not signed by a pinned key: nothing was installed; report it to the marketplace operator",
  "signature.log-inconsistent":
    "the marketplace's transparency log is not consistent with the history you saw before (rewritten or forked): every install from it stops; report it, and run `connectory log verify <marketplace>` to check",
  "signature.log-proof":
    "the version is not in the marketplace's transparency log: nothing was installed; report it to the marketplace operator",
};

/** A key of this file's part of the tables. */
export type RareMessageKey = keyof typeof enRare;
