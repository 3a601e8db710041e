import { existsSync } from "node:fs";
import path from "node:path";
import type { AsyncEntry } from "@napi-rs/keyring";
import { ConnectoryError } from "../../src/core/errors.js";
import type { SecretBackend } from "./secret-backend.js";
import { localizedError } from "../terminal/language.js";

/**
 * The OS keychain through @napi-rs/keyring (keyring-rs: macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux and FreeBSD). An optional dependency, loaded on first use only: the CLI package
 * installs and runs without it (then credentials stay in the 0600 file).
 */
const MODULE = "@napi-rs/keyring";

// An unlock prompt may be on screen (macOS, a desktop's Secret Service): a person needs time to answer.
const TIMEOUT_MS = 120_000;

type Keyring = typeof import("@napi-rs/keyring");
let loading: Promise<Keyring | undefined> | undefined;

/** The binding, or undefined when the optional package (or its prebuilt binary) is not installed. */
async function loadKeyring(): Promise<Keyring | undefined> {
  // Dynamic, and external in the bundle (scripts/bundle-cli.ts): absent, this rejects and the file is used.
  loading ??= import("@napi-rs/keyring").then(
    (m: Keyring & { default?: Keyring }) => (m.AsyncEntry ? m : m.default),
    () => undefined,
  );
  return loading;
}

/** "Secret Service", "macOS Keychain"…: the keychain this platform has. */
export function keychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === "darwin") return "macOS Keychain";
  if (platform === "win32") return "Windows Credential Manager";
  return "Secret Service";
}

/** Opens one entry of the OS keychain; throws `credentials.keychain.unavailable` when there is none here. */
export async function openKeychain(entry: { service: string; account: string }): Promise<SecretBackend> {
  const label = `the OS keychain (${keychainName()})`;
  // Without a session bus there is no Secret Service to ask: said without loading the binding (tens of
  // milliseconds on every command of a server or container).
  if (!sessionBusFindable())
    throw unavailable(
      "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus absent)",
    );
  const keyring = await loadKeyring();
  if (!keyring)
    throw unavailable(`the optional package ${MODULE} is not installed (or has no build for this platform)`);
  let native: AsyncEntry;
  try {
    // Pinned to the Secret Service on Linux: keyring-rs would otherwise fall back to the kernel keyring,
    // which forgets everything at reboot.
    native = new keyring.AsyncEntry(entry.service, entry.account, { linux: { store: "secret-service" } });
  } catch (error) {
    throw unavailable(reason(error));
  }
  const call = async <T>(what: string, op: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    try {
      return await op(AbortSignal.timeout(TIMEOUT_MS));
    } catch (error) {
      throw classify(error, what, label);
    }
  };
  return {
    label,
    ...entry,
    read: () => call("read", async (signal) => (await native.getPassword(signal)) ?? undefined),
    write: (text) => call("write", (signal) => native.setPassword(text, signal)),
    remove: () => call("delete", (signal) => native.deleteCredential(signal)),
  };
}

/**
 * False only where libdbus could not find a session bus either (Linux, FreeBSD): no address and no
 * systemd user bus socket. Reads process.env because the binding does: it connects with this process's
 * environment, not the one a command was given.
 */
function sessionBusFindable(platform: NodeJS.Platform = process.platform): boolean {
  if (platform === "darwin" || platform === "win32") return true;
  if (process.env.DBUS_SESSION_BUS_ADDRESS) return true;
  const runtime = process.env.XDG_RUNTIME_DIR;
  return runtime !== undefined && runtime !== "" && existsSync(path.join(runtime, "bus"));
}

/** The native error's first line: keyring-rs names the platform's failure, never a stored value. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? "").replace(/^Platform failure: /, "").slice(0, 300);
}

function classify(error: unknown, what: string, label: string): ConnectoryError {
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
    return unavailable(`${label} did not answer within ${TIMEOUT_MS / 1000} s`);
  const why = reason(error);
  if (/\block|unlock|prompt was dismissed|interaction not allowed|user canceled/i.test(why))
    return localizedError(
      "credentials.keychain.locked",
      { key: "keychain.locked", params: { label, why } },
      { key: "keychain.locked-hint" },
    );
  if (/dbus|no such interface|service ?unknown|not provided by any \.service/i.test(why))
    return unavailable(why);
  return localizedError(
    "credentials.keychain.failed",
    { key: "keychain.failed", params: { what, label, why } },
    { key: "keychain.failed-hint" },
  );
}

function unavailable(why: string): ConnectoryError {
  return localizedError(
    "credentials.keychain.unavailable",
    { key: "keychain.unavailable", params: { why } },
    { key: "keychain.unavailable-hint" },
  );
}
