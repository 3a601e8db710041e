import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../../core/errors.js";
import { parseDatabaseUrl } from "../../db/open-database.js";
import { syncDir } from "../../fs/atomic-write.js";
import { newKeyPem, signerFromPem, type RegistrySigner } from "./signer.js";

type Env = Record<string, string | undefined>;

/**
 * Where the signing key file is: SIGNING_KEY_FILE, else `signing-key.pem` beside a SQLite database, else
 * ./data/signing-key.pem (docs/deploy.md "Signing keys").
 */
export function signingKeyPath(env: Env, databaseUrl: string): string {
  if (env.SIGNING_KEY_FILE) return env.SIGNING_KEY_FILE;
  const { kind, location } = parseDatabaseUrl(databaseUrl);
  return kind === "sqlite"
    ? path.join(path.dirname(location), "signing-key.pem")
    : path.join("data", "signing-key.pem");
}

/**
 * The registry's signing key: SIGNING_KEY (the PEM itself), else the key file. With neither variable set
 * and no file yet (a new registry on the embedded defaults), a key is created there (mode 0600); two
 * processes starting at once end up with the same key (the file is created exclusively). An explicit
 * SIGNING_KEY_FILE that does not exist is an error, never silently replaced.
 */
export async function loadSigningKey(
  env: Env,
  databaseUrl: string,
): Promise<{ signer: RegistrySigner; created?: string }> {
  if (env.SIGNING_KEY) return { signer: parseKey(env.SIGNING_KEY.replace(/\\n/g, "\n"), "SIGNING_KEY") };
  const file = signingKeyPath(env, databaseUrl);
  const existing = await fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined) return { signer: parseKey(existing, file) };
  if (env.SIGNING_KEY_FILE) {
    throw new ConnectoryError(
      "registry.key.missing",
      `SIGNING_KEY_FILE names ${file}, which does not exist`,
      {
        hint: "create one with `connectory-registry keys create --out <file>`, or unset SIGNING_KEY_FILE to use the default",
      },
    );
  }
  const created = await createKeyFile(file, newKeyPem());
  return { signer: parseKey(created.pem, file), ...(created.ours ? { created: file } : {}) };
}

/** Writes a new key file without ever replacing one (link of a synced temp file); what is there after. */
export async function createKeyFile(file: string, pem: string): Promise<{ pem: string; ours: boolean }> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temp, pem, { mode: 0o600, flag: "wx" });
  try {
    await fs.link(temp, file);
    await syncDir(path.dirname(file));
    return { pem, ours: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { pem: await fs.readFile(file, "utf8"), ours: false };
  } finally {
    await fs.rm(temp, { force: true });
  }
}

function parseKey(pem: string, where: string): RegistrySigner {
  try {
    return signerFromPem(pem);
  } catch (error) {
    throw new ConnectoryError(
      "registry.key.invalid",
      `${where} does not hold an Ed25519 private key (PKCS#8 PEM)`,
      {
        hint: "create one with `connectory-registry keys create --out <file>`",
        cause: error,
      },
    );
  }
}
