import { CATEGORIES } from "../../src/core/types.js";
import { isSortKey, SORT_KEYS } from "../../src/core/api/search.js";
import { ConnectoryError, usageError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { printable } from "../terminal/printable.js";
import { openMarketplace } from "../registry/open-marketplace.js";
import { warn } from "../terminal/output.js";
import type { RegistryClient, SearchParams } from "../registry/registry-client.js";
import type { ReceivedListItem } from "../../src/core/api/documents.js";

/** The registry's largest page (DESIGN §4 `limit`). */
const MAX_PAGE = 100;
/** `--all` stops here: a marketplace this large is searched, not listed. */
const MAX_ALL = 10_000;

const command: Command = {
  usage: "search [<query>] [--category c] [--sort key] [--marketplace m] [--limit n] [--cursor c | --all]",
  description: `
Full-text search of a marketplace over names, display names, descriptions and keywords. Without a query,
lists the marketplace's connectors. Categories: ${CATEGORIES.join(", ")}.

Results come a page at a time: --limit sets the page size (1-${MAX_PAGE}; the registry's default is 20).
When there are more, the output says how many and prints the --cursor that shows the next page; --all
follows every page (up to ${MAX_ALL} results). --sort orders them: ${SORT_KEYS.join(", ")} (relevance
only with a query; quality is the score of docs/quality.md, shown in a column). A connector whose latest
live check by the registry was down or an error is marked [down] or [error]. --json prints { marketplace, query, category?, results,
more, nextCursor } (nextCursor: null on the last page).`,
  options: {
    category: { type: "string", value: "category", description: "only connectors of this category" },
    sort: {
      type: "string",
      value: "key",
      description: `the order: ${SORT_KEYS.join(", ")} (default: relevance with a query, downloads without)`,
    },
    marketplace: {
      type: "string",
      short: "m",
      value: "name",
      description: "the marketplace to search (default: the default marketplace)",
    },
    limit: {
      type: "string",
      value: "n",
      description: `results per page, 1-${MAX_PAGE} (default: the registry's, 20)`,
    },
    cursor: {
      type: "string",
      value: "cursor",
      description: "continue after the page that printed this cursor",
    },
    all: { type: "boolean", description: "fetch every page" },
  },
  positionals: { min: 0, max: 1 },
  async run(args, ctx) {
    const query = (args.positionals[0] ?? "").trim();
    const category = args.values.category;
    if (typeof category === "string" && !(CATEGORIES as readonly string[]).includes(category)) {
      throw usageError(`"${category}" is not a category`, `categories: ${CATEGORIES.join(", ")}`);
    }
    const sort = args.values.sort;
    if (typeof sort === "string" && !isSortKey(sort)) {
      throw usageError(`"${sort.slice(0, 40)}" is not a sort`, `sorts: ${SORT_KEYS.join(", ")}`);
    }
    const limit = args.values.limit === undefined ? undefined : Number(args.values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE)) {
      throw usageError(`--limit must be a whole number from 1 to ${MAX_PAGE}`);
    }
    const all = args.values.all === true;
    const cursor = typeof args.values.cursor === "string" ? args.values.cursor : undefined;
    if (all && (limit !== undefined || cursor !== undefined))
      throw usageError("--all lists every result: it does not go with --limit or --cursor");
    if (cursor !== undefined && !/^[A-Za-z0-9_-]{1,1000}$/.test(cursor))
      throw usageError(
        "--cursor takes the value a previous search printed",
        "run the search without --cursor",
      );
    if (query.length > 200) throw usageError("the query is longer than 200 characters");
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, typeof m === "string" ? m : undefined);
    const params: SearchParams = {
      q: query,
      ...(typeof category === "string" ? { category } : {}),
      ...(typeof sort === "string" ? { sort } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(cursor !== undefined ? { cursor } : {}),
    };
    const page = all
      ? await everyPage(client, params, (why) => warn(ctx, why))
      : await client.searchPage(params);
    const results = page.hits;
    const nextCursor = page.nextCursor ?? null;
    const data = {
      marketplace,
      query,
      ...(typeof category === "string" ? { category } : {}),
      results,
      more: nextCursor !== null,
      nextCursor,
    };
    if (results.length === 0) {
      const what = query ? `"${query}"` : "your filters";
      return { data, text: `no connectors in ${marketplace} match ${what}` };
    }
    const width = Math.min(28, Math.max(...results.map((h) => h.name.length)));
    const vwidth = Math.max(...results.map((h) => (h.version ?? "").length));
    // The publisher sits next to the name: a look-alike from someone else is told apart by who made it.
    const by = (h: ReceivedListItem) => `by ${h.publisher ?? "?"}`;
    const pwidth = Math.min(24, Math.max(...results.map((h) => by(h).length)));
    const lines = results.map((h) => {
      const desc = h.description.length > 60 ? `${h.description.slice(0, 59)}…` : h.description;
      const score = sort === "quality" ? `${String(h.quality ?? "?").padStart(3)}  ` : "";
      // The registry's latest live check, when it is bad: a broken server is marked before anyone installs it.
      const down = h.checkStatus === "down" || h.checkStatus === "error" ? `[${h.checkStatus}] ` : "";
      return `${score}${h.name.padEnd(width)}  ${(h.version ?? "").padEnd(vwidth)}  ${by(h).padEnd(pwidth)}  ${down}${desc}`;
    });
    // Without this a person takes the first page for the whole marketplace. Scripts (--json) follow
    // nextCursor themselves, so only people pay for the count.
    if (nextCursor !== null && !ctx.json) {
      const count = await countMore(client, { ...params, cursor: nextCursor });
      const again = [
        "connectory search",
        ...(query ? [shellWord(query)] : []),
        ...(typeof category === "string" ? [`--category ${category}`] : []),
        ...(typeof sort === "string" ? [`--sort ${sort}`] : []),
        ...(marketplace === "default" ? [] : [`--marketplace ${marketplace}`]),
      ].join(" ");
      const next = `${again} --cursor ${nextCursor}${limit !== undefined ? ` --limit ${limit}` : ""}`;
      lines.push(
        "",
        `${count === undefined ? "more results" : `${count} more`} — \`${again} --all\` lists them all; the next page: \`${next}\``,
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

/** The query as one shell word, so the printed command can be pasted as it is. */
function shellWord(text: string): string {
  return /^[\p{L}\p{N}._-]+$/u.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** How many results follow a page, counted with one more request: "37", "100+", or undefined if unknown. */
async function countMore(client: RegistryClient, params: SearchParams): Promise<string | undefined> {
  try {
    const next = await client.searchPage({ ...params, limit: MAX_PAGE });
    return `${next.hits.length}${next.nextCursor ? "+" : ""}`;
  } catch {
    return undefined; // the hint is a courtesy: the page itself was shown
  }
}

/** Follows nextCursor from page to page, refusing a registry that loops. */
async function everyPage(
  client: RegistryClient,
  params: SearchParams,
  warnFn: (message: string) => void,
): Promise<{ hits: ReceivedListItem[]; nextCursor: string | undefined }> {
  const hits: ReceivedListItem[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await client.searchPage({ ...params, limit: MAX_PAGE, ...(cursor ? { cursor } : {}) });
    hits.push(...page.hits);
    if (!page.nextCursor) return { hits, nextCursor: undefined };
    if (seen.has(page.nextCursor) || page.hits.length === 0) {
      throw new ConnectoryError(
        "registry.response.invalid",
        "the registry's search results do not advance from page to page",
        { hint: "the registry's pagination is broken; list a page at a time with --limit and --cursor" },
      );
    }
    seen.add(page.nextCursor);
    if (hits.length >= MAX_ALL) {
      warnFn(`stopped after ${hits.length} results; narrow the words or add --category`);
      return { hits, nextCursor: page.nextCursor };
    }
    cursor = page.nextCursor;
  }
}
