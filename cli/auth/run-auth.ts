import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { RemoteServer } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import { readOAuth } from "./oauth-store.js";
import { authRequired, StoredProvider } from "./stored-provider.js";

/**
 * The OAuth provider `run` gives a remote server's transport: its stored sign-in (bound to exactly this
 * URL), or none for a server that does not sign in with OAuth. A server that declares OAuth and has no
 * sign-in fails before anything is sent: auth.required.
 */
export async function runAuthProvider(
  name: string,
  spec: RemoteServer,
  ctx: Pick<CommandContext, "home" | "fetch" | "now">,
  log: (message: string) => void,
): Promise<OAuthClientProvider | undefined> {
  const record = await readOAuth(ctx.home, spec.url);
  if (!record) {
    if (spec.oauth) throw authRequired(name, "it signs in with OAuth and has no sign-in yet");
    return undefined;
  }
  return new StoredProvider(record, { server: name, home: ctx.home, fetch: ctx.fetch, now: ctx.now, log });
}

/** True for the error after which `run` must end: only a new `connectory auth` helps. */
export function isAuthRequired(error: unknown): error is ConnectoryError {
  return error instanceof ConnectoryError && error.code === "auth.required";
}
