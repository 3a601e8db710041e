import { localizedError } from "../terminal/language.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { CommandContext } from "../context.js";
import { NAME } from "../../src/core/names.js";
import { resolveMarketplace } from "../home/marketplaces-store.js";
import { RegistryClient } from "./registry-client.js";

// Apart from install-connector.ts so that read-only verbs (`search`) do not load what installing needs
// (the package validators, ajv and its schemas): every module costs start-up time.

/** The client of a marketplace (`name`, or the default one), its name checked. */
export async function openMarketplace(
  ctx: CommandContext,
  name: string | undefined,
): Promise<{ marketplace: string; client: RegistryClient }> {
  const m = await resolveMarketplace(ctx.home, ctx.env, name);
  if (!NAME.test(m.name)) {
    throw localizedError(
      "marketplace.name.invalid",
      { key: "registry.marketplace-name-invalid", params: { name: m.name } },
      { key: "registry.marketplace-name-invalid-hint" },
    );
  }
  return { marketplace: m.name, client: new RegistryClient(m.url, ctx.fetch) };
}

/** Fetches a connector document, saying which marketplace lacks it on a 404. */
export async function fetchConnector(client: RegistryClient, name: string, marketplace: string) {
  try {
    return await client.connector(name);
  } catch (error) {
    if (error instanceof ConnectoryError && error.status === 404) {
      throw localizedError(
        error.code,
        { key: "error.no-connector", params: { name, marketplace } },
        {
          key: "error.no-connector-hint",
          params: { query: `${name}${marketplace === "default" ? "" : ` --marketplace ${marketplace}`}` },
        },
        { status: 404 },
      );
    }
    throw error;
  }
}
