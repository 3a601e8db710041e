import { ConnectoryError, usageError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { NAME } from "../../src/core/names.js";
import { updateMarketplaces, type Marketplace, type MarketplacesFile } from "../home/marketplaces-store.js";
import { warn } from "../terminal/output.js";
import { RegistryClient } from "../registry/registry-client.js";

const command: Command = {
  usage: "marketplace add <name> <url> [--default]",
  description: `
Adds a registry that speaks the Connectory API. The URL is the registry's base (http or https, no query);
it is probed at <url>/healthz and a warning is printed when it does not answer (the marketplace is added
anyway, so you can add one that is not up yet). --default makes it the marketplace used when a command
names none. Publish tokens are not part of the URL: use \`connectory login <name>\`.`,
  options: { default: { type: "boolean", description: "make it the default marketplace" } },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const [name, raw] = args.positionals as [string, string];
    if (!NAME.test(name)) {
      throw usageError(
        `"${name.slice(0, 80)}" is not a marketplace name`,
        "use lower-case letters, digits and dashes, e.g. `acme`",
      );
    }
    const url = parseRegistryUrl(raw);
    const makeDefault = args.values.default === true;
    let already = false;
    await updateMarketplaces(ctx.home, ctx.env, (all) => {
      const existing = all[name];
      if (existing && existing.url.replace(/\/+$/, "") !== url) {
        throw new ConnectoryError(
          "marketplace.exists",
          `a marketplace named "${name}" already exists (${existing.url})`,
          {
            hint: `remove it first (connectory marketplace remove ${name}) or pick another name`,
          },
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
    const reachable = await new RegistryClient(url, ctx.fetch).healthy();
    if (!reachable)
      warn(ctx, `${url}/healthz did not answer; check the URL (the marketplace was added anyway)`);
    const data = { name, url, default: makeDefault, reachable, changed: !already };
    const text = already
      ? `marketplace ${name} already points to ${url}`
      : `added marketplace ${name} → ${url}${makeDefault ? " (default)" : ""}`;
    return { data, text };
  },
};
export default command;

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
    throw usageError(`"${raw.slice(0, 200)}" is not a URL`, "e.g. https://registry.example.com");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw usageError(`a marketplace URL must be http or https, not ${url.protocol.replace(/:$/, "")}`);
  }
  if (url.username || url.password) {
    throw usageError(
      "a marketplace URL must not carry a user name or password",
      "add the plain URL, then store a token with `connectory login <name>`",
    );
  }
  if (url.search || url.hash) throw usageError("a marketplace URL must not have a query or a #fragment");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
