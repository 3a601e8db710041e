import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { withLock } from "../../src/fs/lock.js";

/** $CONNECTORY_HOME/gateway-token: the bearer token `gateway --http` requires (0600, one line). */
export function tokenPath(home: string): string {
  return path.join(home, "gateway-token");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The gateway's bearer token, made on first use (32 random bytes, base64url) and kept 0600 in the
 * home; `rotate` replaces it (every host holding the old one is refused from then on). A file that
 * is not one token is an error, never silently replaced: a host may hold it.
 */
export async function gatewayToken(home: string, options: { rotate?: boolean } = {}): Promise<string> {
  const file = tokenPath(home);
  if (!options.rotate) {
    const found = await readToken(file);
    if (found !== undefined) return found;
  }
  return withLock(file, async () => {
    const found = options.rotate ? undefined : await readToken(file);
    if (found !== undefined) return found;
    const token = randomBytes(32).toString("base64url");
    await atomicWrite(file, token + "\n", { mode: 0o600 });
    return token;
  });
}

async function readToken(file: string): Promise<string | undefined> {
  let text: string;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > 1024) throw damaged(file, "gateway-http.token-not-file");
    text = await fs.readFile(file, "utf8");
    // Someone loosened it: the token is a password, so it goes back to owner-only.
    if ((stat.mode & 0o077) !== 0) await fs.chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const token = text.trim();
  if (!TOKEN.test(token)) throw damaged(file, "gateway-http.token-not-token");
  return token;
}

function damaged(
  file: string,
  what: "gateway-http.token-not-file" | "gateway-http.token-not-token",
): ConnectoryError {
  return localizedError(
    "gateway.token.invalid",
    { key: what, params: { file } },
    { key: "gateway-http.token-hint" },
  );
}

/** Whether an Authorization header carries `token` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer ([^\s]+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1] as string);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
