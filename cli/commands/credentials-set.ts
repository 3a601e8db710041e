import { ConnectoryError, usageError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import {
  collectCredentials,
  describeSources,
  ENV_OPTIONS,
  envConsent,
  parseConfigPairs,
} from "../install/collect-credentials.js";
import { changeConnectorCredentials, readCredentials } from "../home/credentials-store.js";
import { readCachedServers } from "../home/effective-config.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { findInstalled, readInstalled } from "../home/installed-store.js";
import { status } from "../terminal/output.js";
import { canPrompt } from "../terminal/prompt.js";

const command: Command = {
  usage: "credentials set <name>[@marketplace] [KEY=VALUE…] [--config-from-env | --config-env KEY…]",
  description: `
Stores credentials for an installed connector, validated against its token-schema.json. Values come
from the KEY=VALUE arguments, then (only with --config-from-env, or --config-env KEY for one key)
environment variables named exactly as the key; on a terminal, with
no KEY=VALUE given, every credential is asked for (secrets hidden; Enter keeps the stored value).
Nothing is saved when any value is invalid. Stored in the OS keychain where there is one, else in
$CONNECTORY_HOME/credentials.json (mode 0600); CONNECTORY_CREDENTIAL_STORE=keychain|file chooses.`,
  options: { ...ENV_OPTIONS },
  positionals: { min: 1 },
  async run(args, ctx) {
    const [ref, ...pairs] = args.positionals as [string, ...string[]];
    const given = parseConfigPairs(pairs);
    const { key, entry } = findInstalled(await readInstalled(ctx.home), ref);
    const { tokenSchema } = await readCachedServers(ctx.home, entry);
    if (!tokenSchema || Object.keys(tokenSchema.properties).length === 0) {
      throw new ConnectoryError("credentials.none", `${key} needs no credentials`, {
        hint: "nothing to set; its servers are ready once it is enabled",
      });
    }
    const interactive = canPrompt(ctx);
    const fromEnv = envConsent(args.values);
    if (pairs.length === 0 && !interactive && !fromEnv) {
      throw usageError(
        "no values given",
        `pass them as arguments (connectory credentials set ${ref} KEY=VALUE), from environment variables (--config-from-env), or run on a terminal to be asked`,
      );
    }
    const storedAll = (await readCredentials(ctx.home)).connectors;
    const existing = Object.hasOwn(storedAll, key) ? storedAll[key] : undefined;
    const { values, missing, sources } = await collectCredentials(ctx, {
      schema: tokenSchema,
      label: entry.name,
      given,
      fromEnv,
      ...(existing ? { existing } : {}),
      interactive,
      askAll: pairs.length === 0 && !fromEnv,
    });
    await changeConnectorCredentials(ctx.home, key, existing, values);
    for (const note of await staleExportNotes(ctx)) status(ctx, note);
    const stored = Object.keys(values).sort();
    const text = [
      `Saved ${stored.length} credential${stored.length === 1 ? "" : "s"} for ${key}: ${describeSources(sources) ?? "(none)"}`,
      missing.length
        ? `  still missing ${missing.join(", ")}: its servers stay inactive (needs-credentials)`
        : entry.enabled
          ? "  ready: its servers are active (connectory config)"
          : `  ready, but disabled: connectory enable ${ref}`,
    ].join("\n");
    return {
      data: { name: entry.name, marketplace: entry.marketplace, stored, missing, credentials: sources },
      text,
    };
  },
};
export default command;
