import fs from "node:fs/promises";
import type { Credentials } from "../../src/core/types.js";
import { homePaths } from "./home.js";
import { readJsonFile, updateJsonFile } from "./json-file.js";

/**
 * credentials.json: connector credentials keyed `<name>@<marketplace>`, and registry tokens keyed by
 * marketplace. Mode 0600 inside a 0700 home, whatever the umask.
 */
export interface CredentialsFile {
  connectors: Record<string, Credentials>;
  registries: Record<string, { token: string }>;
}

const EMPTY: CredentialsFile = { connectors: {}, registries: {} };

export async function readCredentials(home: string): Promise<CredentialsFile> {
  const file = await readJsonFile<Partial<CredentialsFile>>(homePaths(home).credentials, EMPTY);
  return { connectors: file.connectors ?? {}, registries: file.registries ?? {} };
}

/** Locked read-modify-write; the file and its folder are (re)made private. */
export async function updateCredentials(
  home: string,
  fn: (file: CredentialsFile) => CredentialsFile | Promise<CredentialsFile>,
): Promise<CredentialsFile> {
  await fs.mkdir(home, { recursive: true, mode: 0o700 });
  await fs.chmod(home, 0o700);
  return updateJsonFile<CredentialsFile>(
    homePaths(home).credentials,
    EMPTY,
    async (current) => fn({ connectors: current.connectors ?? {}, registries: current.registries ?? {} }),
    { mode: 0o600 },
  );
}
