import type { SecretBackendFactory } from "./secret-backend.js";

/**
 * What the credential store takes from its world: the environment (CONNECTORY_CREDENTIAL_STORE) and
 * the keychain to open. The CLI's entry sets the environment once per run (cli/main.ts); tests give a
 * memory keychain. Unset: process.env and the OS keychain. A file of its own, importing nothing, so the
 * entry pays nothing for it.
 */
export interface CredentialStoreWorld {
  env?: Record<string, string | undefined>;
  keychain?: SecretBackendFactory;
  /** The longest text one keychain entry takes (default: 1,200 on Windows, unlimited elsewhere). */
  maxEntryLength?: number;
}

let world: CredentialStoreWorld = {};

/** Sets (part of) the credential store's world for the calls that follow. */
export function configureCredentialStore(options: CredentialStoreWorld): void {
  world = { ...world, ...options };
}

/** The credential store's world as configured. */
export function credentialStoreWorld(): CredentialStoreWorld {
  return world;
}
