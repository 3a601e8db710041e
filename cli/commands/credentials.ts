/** `credentials set`, `credentials show` and `credentials unset`: a connector's stored credentials. */
import { defineCommand } from "../command.js";
import {
  collectCredentials,
  describeSources,
  ENV_OPTIONS,
  envConsent,
  parseConfigPairs,
} from "../install/collect-credentials.js";
import {
  changeConnectorCredentials,
  readCredentials,
  updateCredentials,
} from "../credentials/credentials-store.js";
import { readCachedServers } from "../home/effective-config.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { findInstalled, readInstalled } from "../home/installed-store.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";
import { status } from "../terminal/output.js";
import { canPrompt } from "../terminal/prompt.js";
import { secretKeys } from "../../src/core/secrets.js";
import { textTable } from "../terminal/text-table.js";

export const setCommand = defineCommand({
  usage: "credentials set <name>[@marketplace] [KEY=VALUE…] [--config-from-env | --config-env KEY…]",
  description: `
Stores credentials for an installed connector, validated against its token-schema.json. Values come
from the KEY=VALUE arguments, then (only with --config-from-env, or --config-env KEY for one key)
environment variables named exactly as the key; on a terminal, with
no KEY=VALUE given, every credential is asked for (secrets hidden; Enter keeps the stored value).
Nothing is saved when any value is invalid. Stored in the OS keychain where there is one, else in
$CONNECTORY_HOME/credentials.json (mode 0600); CONNECTORY_CREDENTIAL_STORE=keychain|file chooses.`,
  options: { ...ENV_OPTIONS },
  positionals: { min: 1, complete: ["connector"] },
  async run(args, ctx) {
    const [ref, ...pairs] = args.positionals as [string, ...string[]];
    const given = parseConfigPairs(pairs);
    const { key, entry } = findInstalled(await readInstalled(ctx.home), ref);
    const { tokenSchema } = await readCachedServers(ctx.home, entry);
    if (!tokenSchema || Object.keys(tokenSchema.properties).length === 0) {
      throw localizedError(
        "credentials.none",
        { key: "credentials.none", params: { key } },
        { key: "credentials.none-hint" },
      );
    }
    const interactive = canPrompt(ctx);
    const fromEnv = envConsent(args.values);
    if (pairs.length === 0 && !interactive && !fromEnv) {
      throw localizedUsageError(
        { key: "credentials.no-values" },
        { key: "credentials.no-values-hint", params: { ref } },
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
      say(stored.length === 1 ? "credentials.saved-one" : "credentials.saved", {
        n: stored.length,
        key,
        sources: describeSources(sources, "credentials.source-given") ?? say("credentials.sources-none"),
      }),
      missing.length
        ? say("credentials.still-missing", { keys: missing.join(", ") })
        : entry.enabled
          ? say("credentials.ready")
          : say("credentials.ready-disabled", { ref }),
    ].join("\n");
    return {
      data: { name: entry.name, marketplace: entry.marketplace, stored, missing, credentials: sources },
      text,
    };
  },
});

export const showCommand = defineCommand({
  usage: "credentials show <name>[@marketplace]",
  description: `
Shows the credentials an installed connector declares and which are set. Secret values always print
as ***; the others as stored (or their default).`,
  positionals: { min: 1, max: 1, complete: ["connector"] },
  async run(args, ctx) {
    const { key, entry } = findInstalled(await readInstalled(ctx.home), args.positionals[0] as string);
    const [{ tokenSchema }, store] = await Promise.all([
      readCachedServers(ctx.home, entry),
      readCredentials(ctx.home),
    ]);
    const stored = (Object.hasOwn(store.connectors, key) ? store.connectors[key] : undefined) ?? {};
    const secret = new Set(secretKeys(tokenSchema));
    const required = new Set(tokenSchema?.required ?? []);
    const credentials = Object.entries(tokenSchema?.properties ?? {}).map(([name, p]) => {
      const value = stored[name];
      return {
        key: name,
        ...(p.title ? { title: p.title } : {}),
        secret: secret.has(name),
        required: required.has(name),
        set: value !== undefined,
        // Never the secret itself, not even its length.
        ...(value !== undefined ? { value: secret.has(name) ? "***" : value } : {}),
        ...(value === undefined && p.default !== undefined ? { default: p.default } : {}),
      };
    });
    const missing = credentials
      .filter((c) => c.required && !c.set && c.default === undefined)
      .map((c) => c.key);
    const data = { name: entry.name, marketplace: entry.marketplace, credentials, missing };
    if (credentials.length === 0) return { data, text: say("credentials.show-none", { key }) };
    const rows = credentials.map((c) => [
      c.key,
      c.set
        ? String(c.value)
        : c.default !== undefined
          ? say("credentials.default", { value: String(c.default) })
          : say("credentials.not-set"),
      say(
        c.required
          ? c.secret
            ? "credentials.required-secret"
            : "credentials.required"
          : c.secret
            ? "credentials.optional-secret"
            : "credentials.optional",
      ),
    ]);
    const tail = missing.length
      ? `\n\n${say("credentials.missing", { keys: missing.join(", "), ref: args.positionals[0] as string })}`
      : "";
    const headers = [say("credentials.h-key"), say("credentials.h-value"), say("credentials.h-kind")];
    return { data, text: `${key}\n\n${textTable(headers, rows, "  ")}${tail}` };
  },
});

export const unsetCommand = defineCommand({
  usage: "credentials unset <name>[@marketplace] [KEY]",
  description: `
Removes one stored credential (KEY) or all of a connector's credentials. A connector missing a required
credential stays installed, with status needs-credentials.`,
  positionals: { min: 1, max: 2, complete: ["connector"] },
  async run(args, ctx) {
    const [ref, only] = args.positionals as [string, string | undefined];
    // Credentials of a connector uninstalled by hand can still be removed by their full key.
    const installed = await readInstalled(ctx.home);
    const stored = await readCredentials(ctx.home);
    const key =
      Object.hasOwn(installed, ref) || Object.hasOwn(stored.connectors, ref)
        ? ref
        : findInstalled(installed, ref).key;
    let removed: string[] = [];
    await updateCredentials(ctx.home, (file) => {
      const current = (Object.hasOwn(file.connectors, key) ? file.connectors[key] : undefined) ?? {};
      if (only !== undefined && !Object.hasOwn(current, only)) {
        throw localizedError(
          "credentials.unset.absent",
          { key: "credentials.absent", params: { key, only } },
          { key: "credentials.absent-hint", params: { ref } },
        );
      }
      const { [key]: _all, ...others } = file.connectors;
      if (only === undefined) {
        removed = Object.keys(current).sort();
        return { ...file, connectors: others };
      }
      const { [only]: _one, ...rest } = current;
      removed = [only];
      return { ...file, connectors: Object.keys(rest).length ? { ...others, [key]: rest } : others };
    });
    if (removed.length) for (const note of await staleExportNotes(ctx)) status(ctx, note);
    return {
      data: { key, removed },
      text: removed.length
        ? say("credentials.removed", { keys: removed.join(", "), key })
        : say("credentials.had-none", { key }),
    };
  },
});
