import { CATEGORIES } from "../../src/core/types.js";
import { usageError } from "../../src/core/errors.js";
import type { Command } from "../lib/command.js";
import { printable } from "../lib/connector-view.js";
import { openMarketplace } from "../lib/install-connector.js";

const command: Command = {
  usage: "search [<query>] [--category c] [--marketplace m] [--limit n]",
  description: `
Full-text search of a marketplace over names, display names, descriptions and keywords. Without a query,
lists the marketplace's connectors. Categories: ${CATEGORIES.join(", ")}.`,
  options: {
    category: { type: "string" },
    marketplace: { type: "string", short: "m" },
    limit: { type: "string" },
  },
  positionals: { min: 0, max: 1 },
  async run(args, ctx) {
    const query = (args.positionals[0] ?? "").trim();
    const category = args.values.category;
    if (typeof category === "string" && !(CATEGORIES as readonly string[]).includes(category)) {
      throw usageError(`"${category}" is not a category`, `categories: ${CATEGORIES.join(", ")}`);
    }
    const limit = args.values.limit === undefined ? undefined : Number(args.values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
      throw usageError("--limit must be a whole number from 1 to 100");
    }
    if (query.length > 200) throw usageError("the query is longer than 200 characters");
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, typeof m === "string" ? m : undefined);
    const { hits: results, more } = await client.searchPage({
      q: query,
      ...(typeof category === "string" ? { category } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    const data = {
      marketplace,
      query,
      ...(typeof category === "string" ? { category } : {}),
      results,
      more,
    };
    if (results.length === 0) {
      const what = query ? `"${query}"` : "your filters";
      return { data, text: `no connectors in ${marketplace} match ${what}` };
    }
    const width = Math.min(28, Math.max(...results.map((h) => h.name.length)));
    const vwidth = Math.max(...results.map((h) => (h.version ?? "").length));
    const lines = results.map((h) => {
      const desc = h.description.length > 70 ? `${h.description.slice(0, 69)}…` : h.description;
      return `${h.name.padEnd(width)}  ${(h.version ?? "").padEnd(vwidth)}  ${desc}`;
    });
    // Without this a person takes the first page for the whole marketplace.
    if (more) {
      lines.push(
        "",
        `showing the first ${results.length}; there are more: narrow the words, add --category${limit === 100 ? "" : ", or raise --limit (up to 100)"}`,
      );
    }
    lines.push(
      "",
      `install one with: connectory install <name>${marketplace === "default" ? "" : ` --marketplace ${marketplace}`}`,
    );
    return { data, text: printable(lines.join("\n")) };
  },
};
export default command;
