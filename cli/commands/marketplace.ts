/** `marketplace add`, `marketplace list` and `marketplace remove`: the registries connectors install from. */
import type { CommandContext } from "../context.js";
import { isConnectoryError } from "../../src/core/errors.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";
import { readTrust, updateTrust } from "../home/signing-trust-store.js";
import { pinKeys, saveTrust } from "../verify/marketplace-keys.js";
import { defineCommand } from "../command.js";
import { NAME } from "../../src/core/names.js";
import {
  type Marketplace,
  type MarketplacesFile,
  readMarketplaces,
  updateMarketplaces,
} from "../home/marketplaces-store.js";
import { warn } from "../terminal/output.js";
import { RegistryClient } from "../registry/registry-client.js";
import { readInstalled } from "../home/installed-store.js";
import { readCredentials, updateCredentials } from "../credentials/credentials-store.js";

export const addCommand = defineCommand({
  usage: "marketplace add <name> <url> [--default] [--key <fingerprint>]",
  description: `
Adds a registry that speaks the Connectory API. The URL is the registry's base (http or https, no query);
it is probed at <url>/healthz and a warning is printed when it does not answer (the marketplace is added
anyway, so you can add one that is not up yet). --default makes it the marketplace used when a command
names none. Publish tokens are not part of the URL: use \`connectory login <name>\`.

The registry's signing keys (/.well-known/connectory/keys) are pinned now and their fingerprints printed:
every install, update, run and doctor verifies versions against them (docs/security.md). --key pins
exactly the key with that fingerprint (sha256:<64 hex digits>, from the operator) and fails, adding
nothing, when the registry does not list it; given for a marketplace already added, it replaces the
pinned keys and the remembered log checkpoint (the explicit way to accept a key change).`,
  options: {
    default: { type: "boolean", description: "make it the default marketplace" },
    key: { type: "string", description: "pin exactly this signing key fingerprint (sha256:…)" },
  },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const [name, raw] = args.positionals as [string, string];
    if (!NAME.test(name)) {
      throw localizedUsageError(
        { key: "marketplace.bad-name", params: { name: name.slice(0, 80) } },
        { key: "marketplace.bad-name-hint" },
      );
    }
    const url = parseRegistryUrl(raw);
    const makeDefault = args.values.default === true;
    const fingerprint = args.values.key;
    if (fingerprint !== undefined && !/^sha256:[0-9a-f]{64}$/.test(fingerprint))
      throw localizedUsageError(
        { key: "marketplace.bad-key", params: { key: fingerprint.slice(0, 80) } },
        { key: "marketplace.bad-key-hint" },
      );
    const client = new RegistryClient(url, ctx.fetch);
    // With --key, the key is checked before anything is written.
    const pinned =
      fingerprint !== undefined ? await pinKeys(ctx, client, { name, url }, fingerprint) : undefined;
    let already = false;
    await updateMarketplaces(ctx.home, ctx.env, (all) => {
      const existing = all[name];
      if (existing && existing.url.replace(/\/+$/, "") !== url) {
        throw localizedError(
          "marketplace.exists",
          { key: "marketplace.exists", params: { name, url: existing.url } },
          { key: "marketplace.exists-hint", params: { name } },
        );
      }
      already = existing !== undefined && (!makeDefault || existing.default === true);
      const next: MarketplacesFile = {};
      for (const [key, m] of Object.entries(all)) next[key] = makeDefault ? withoutDefault(m) : m;
      const keepDefault = makeDefault || existing?.default === true;
      next[name] = {
        ...(existing ? withoutDefault(existing) : {}),
        url,
        ...(keepDefault ? { default: true } : {}),
      };
      return next;
    });
    const reachable = await client.healthy();
    if (!reachable) warn(ctx, say("marketplace.unreachable", { url }));
    const trust = pinned ?? (reachable ? await firstPins(ctx, client, name, url) : undefined);
    if (trust) await saveTrust(ctx.home, name, trust, { replace: pinned !== undefined });
    const keys = (trust?.keys ?? []).map((k) => k.fingerprint);
    const data = {
      name,
      url,
      default: makeDefault,
      reachable,
      changed: !already || pinned !== undefined,
      keys,
    };
    const text = [
      say(already ? "marketplace.already" : makeDefault ? "marketplace.added-default" : "marketplace.added", {
        name,
        url,
      }),
      ...keys.map((k) => say("marketplace.key-pinned", { key: k })),
    ].join("\n");
    return { data, text };
  },
});

/**
 * The keys to pin when none were given: those already pinned for this URL stay (a key change needs --key),
 * else every key the registry lists. Undefined, with a warning, when it lists none: they are pinned on first use.
 */
async function firstPins(ctx: CommandContext, client: RegistryClient, name: string, url: string) {
  const known = (await readTrust(ctx.home))[name];
  if (known && known.url === url) return known;
  try {
    return await pinKeys(ctx, client, { name, url });
  } catch (error) {
    if (!isConnectoryError(error)) throw error;
    warn(ctx, say("marketplace.no-keys", { name, message: error.message }));
    return undefined;
  }
}

function withoutDefault(m: Marketplace): Marketplace {
  const { default: _default, ...rest } = m;
  return rest;
}

/** An http(s) base URL without credentials, query or fragment; trailing slashes dropped. */
export function parseRegistryUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw localizedUsageError(
      { key: "marketplace.bad-url", params: { url: raw.slice(0, 200) } },
      { key: "marketplace.bad-url-hint" },
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw localizedUsageError({
      key: "marketplace.bad-protocol",
      params: { protocol: url.protocol.replace(/:$/, "") },
    });
  }
  if (url.username || url.password) {
    throw localizedUsageError({ key: "marketplace.url-user" }, { key: "marketplace.url-user-hint" });
  }
  if (url.search || url.hash) throw localizedUsageError({ key: "marketplace.url-query" });
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

export const listCommand = defineCommand({
  usage: "marketplace list",
  description: "Lists the known registries, the default one, and how many connectors come from each.",
  positionals: { max: 0 },
  async run(_args, ctx) {
    const all = await readMarketplaces(ctx.home, ctx.env);
    const installed = Object.values(await readInstalled(ctx.home));
    const data = Object.entries(all).map(([name, m]) => ({
      name,
      url: m.url,
      default: m.default === true,
      installed: installed.filter((e) => e.marketplace === name).length,
    }));
    if (data.length === 0) {
      return {
        data,
        text: say("marketplace.none"),
      };
    }
    const width = Math.max(...data.map((m) => m.name.length));
    const lines = data.map(
      (m) =>
        `${m.default ? "*" : " "} ${m.name.padEnd(width)}  ${m.url}${m.installed ? `  ${say("marketplace.installed", { n: m.installed })}` : ""}`,
    );
    return { data, text: [...lines, "", say("marketplace.default-mark")].join("\n") };
  },
});

export const removeCommand = defineCommand({
  usage: "marketplace remove <name> [--force]",
  description: `
Forgets a registry. Refused while connectors installed from it remain: uninstall them first, or pass
--force to forget it anyway (those connectors keep working from the plugins cache, but cannot be updated
until the marketplace is added again under the same name). If it was the default, the first remaining
marketplace becomes the default. The publish token stored by \`connectory login\` for it is deleted.`,
  options: {
    force: { type: "boolean", description: "forget it even while connectors installed from it remain" },
  },
  positionals: { min: 1, max: 1, complete: ["marketplace"] },
  async run(args, ctx) {
    const name = args.positionals[0] as string;
    const force = args.values.force === true;
    const from = Object.values(await readInstalled(ctx.home))
      .filter((e) => e.marketplace === name)
      .map((e) => e.name)
      .sort();
    // Read before the first write, so a damaged credentials.json stops the command before any change.
    const hadToken = Object.hasOwn((await readCredentials(ctx.home)).registries, name);
    let newDefault: string | undefined;
    await updateMarketplaces(ctx.home, ctx.env, (all) => {
      const entry = all[name];
      if (!entry) {
        const known = Object.keys(all);
        throw localizedError(
          "marketplace.unknown",
          { key: "marketplace.unknown", params: { name } },
          known.length
            ? { key: "marketplace.known", params: { names: known.join(", ") } }
            : { key: "marketplace.none-configured" },
        );
      }
      if (from.length > 0 && !force) {
        throw localizedError(
          "marketplace.in-use",
          { key: "marketplace.in-use", params: { n: from.length, name, names: from.join(", ") } },
          { key: "marketplace.in-use-hint", params: { first: from[0]! } },
        );
      }
      const next = { ...all };
      delete next[name];
      const first = Object.keys(next)[0];
      if (entry.default && first !== undefined && !Object.values(next).some((m) => m.default)) {
        next[first] = { ...next[first]!, default: true };
        newDefault = first;
      }
      return next;
    });
    // Its pinned signing keys go with it too, for the same reason.
    if ((await readTrust(ctx.home))[name]) await updateTrust(ctx.home, name, () => undefined);
    // Its publish token goes with it: a marketplace added later under this name may be another registry.
    if (hadToken) {
      await updateCredentials(ctx.home, (file) => {
        const registries = { ...file.registries };
        delete registries[name];
        return { ...file, registries };
      });
    }
    if (from.length > 0) warn(ctx, say("marketplace.kept", { names: from.join(", "), name }));
    const data = { removed: name, orphaned: from, ...(newDefault ? { newDefault } : {}) };
    return {
      data,
      text: newDefault
        ? say("marketplace.removed-new-default", { name, newDefault })
        : say("marketplace.removed", { name }),
    };
  },
});
