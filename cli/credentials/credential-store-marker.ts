import fs from "node:fs/promises";
import path from "node:path";
import { isObject } from "../../src/core/json-guards.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { readJsonFile, type ShapeCheck } from "../home/json-file.js";
import type { SecretBackend } from "./secret-backend.js";

/**
 * credential-store.json, the marker of where a home's credentials live (credential-store-location.ts):
 * which store, and the keychain entry's service and account; never a secret.
 */
export interface Marker {
  store: "keychain" | "file";
  service: string;
  account: string;
}

export const markerPath = (home: string) => path.join(home, "credential-store.json");

const checkMarker: ShapeCheck = (m) =>
  isObject(m) &&
  (m.store === "keychain" || m.store === "file") &&
  typeof m.service === "string" &&
  typeof m.account === "string"
    ? undefined
    : 'expected { "store": "keychain" | "file", "service": …, "account": … }';

export async function readMarker(home: string): Promise<Marker | undefined> {
  return readJsonFile<Marker | undefined>(markerPath(home), undefined, checkMarker);
}

export async function writeMarker(home: string, marker: Marker | undefined): Promise<void> {
  if (marker) await atomicWrite(markerPath(home), JSON.stringify(marker, null, 2) + "\n", { mode: 0o600 });
  else await fs.rm(markerPath(home), { force: true });
}

/** After a write to the keychain of a home not yet marked: the marker says the keychain holds them now. */
export async function markKeychain(home: string, backend: SecretBackend): Promise<void> {
  const marker = await readMarker(home);
  if (marker?.store !== "keychain")
    await writeMarker(home, { store: "keychain", service: backend.service, account: backend.account });
}
