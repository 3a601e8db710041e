import { CATEGORIES } from "../../src/core/types.js";
import { isSortKey, SORT_KEYS } from "../../src/core/api/search.js";
import { defineCommand, marketplaceOption } from "../command.js";
import type { CommandContext } from "../context.js";
import { searchLines } from "../terminal/search-lines.js";
import { printable } from "../terminal/printable.js";
import { openMarketplace } from "../registry/open-marketplace.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";
import { warn } from "../terminal/output.js";
import type { RegistryClient, SearchParams } from "../registry/registry-client.js";
import type { ReceivedListItem } from "../../src/core/api/documents.js";

/** The registry's largest page (docs/http-api.md `limit`). */
const MAX_PAGE = 100;
/** `--all` stops here: a marketplace this large is searched, not listed. */
const MAX_ALL = 10_000;

const command = defineCommand({
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
    category: {
      type: "string",
      value: "category",
      complete: CATEGORIES,
      description: "only connectors of this category",
    },
    sort: {
      type: "string",
      value: "key",
      description: `the order: ${SORT_KEYS.join(", ")} (default: relevance with a query, downloads without)`,
    },
    ...marketplaceOption("the marketplace to search (default: the default marketplace)"),
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
    if (category !== undefined && !(CATEGORIES as readonly string[]).includes(category)) {
      throw localizedUsageError(
        { key: "search.bad-category", params: { category: JSON.stringify(category.slice(0, 40)) } },
        { key: "search.categories", params: { categories: CATEGORIES.join(", ") } },
      );
    }
    const sort = args.values.sort;
    if (sort !== undefined && !isSortKey(sort)) {
      throw localizedUsageError(
        { key: "search.bad-sort", params: { sort: JSON.stringify(sort.slice(0, 40)) } },
        { key: "search.sorts", params: { sorts: SORT_KEYS.join(", ") } },
      );
    }
    const limit = args.values.limit === undefined ? undefined : Number(args.values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE)) {
      throw localizedUsageError({ key: "search.bad-limit", params: { max: MAX_PAGE } });
    }
    const all = args.values.all === true;
    const cursor = args.values.cursor;
    if (all && (limit !== undefined || cursor !== undefined))
      throw localizedUsageError({ key: "search.all-alone" });
    if (cursor !== undefined && !/^[A-Za-z0-9_-]{1,1000}$/.test(cursor))
      throw localizedUsageError({ key: "search.bad-cursor" }, { key: "search.bad-cursor-hint" });
    if (query.length > 200) throw localizedUsageError({ key: "search.long-query", params: { max: 200 } });
    const m = args.values.marketplace;
    const { marketplace, client } = await openMarketplace(ctx, m);
    const params: SearchParams = {
      q: query,
      ...(category !== undefined ? { category } : {}),
      ...(sort !== undefined ? { sort } : {}),
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
      ...(category !== undefined ? { category } : {}),
      results,
      more: nextCursor !== null,
      nextCursor,
    };
    if (results.length === 0) {
      const text = query
        ? say("search.none", { marketplace, query })
        : say("search.none-filters", { marketplace });
      return { data, text };
    }
    // Without the count a person takes the first page for the whole marketplace. Scripts (--json)
    // follow nextCursor themselves, so only people pay for the extra request.
    const count =
      nextCursor !== null && !ctx.json ? await countMore(client, { ...params, cursor: nextCursor }) : "";
    const lines = [
      countLine(results.length, nextCursor === null ? "" : count),
      "",
      ...searchLines(results, {
        columns: terminalColumns(ctx),
        quality: sort === "quality",
        // The publisher sits next to the name: a look-alike from someone else is told apart by who made it.
        by: (h) => say("search.by", { publisher: h.publisher ?? "?" }),
      }),
    ];
    if (nextCursor !== null && !ctx.json) {
      const again = [
        "connectory search",
        ...(query ? [shellWord(query)] : []),
        ...(category !== undefined ? [`--category ${category}`] : []),
        ...(sort !== undefined ? [`--sort ${sort}`] : []),
        ...(marketplace === "default" ? [] : [`--marketplace ${marketplace}`]),
      ].join(" ");
      const next = `${again} --cursor ${nextCursor}${limit !== undefined ? ` --limit ${limit}` : ""}`;
      lines.push(
        "",
        count === undefined
          ? say("search.more-unknown", { all: `${again} --all`, next })
          : say("search.more", { count, all: `${again} --all`, next }),
      );
    }
    lines.push(
      "",
      say("search.install", {
        marketplace: marketplace === "default" ? "" : ` --marketplace ${marketplace}`,
      }),
    );
    return { data, text: printable(lines.join("\n")) };
  },
});
export default command;

/** "3 connectors", "20 of 57 connectors", "the first 20 connectors" (more follow, not counted). */
function countLine(shown: number, more: string | undefined): string {
  if (more === "") return shown === 1 ? say("search.count-one") : say("search.count", { count: shown });
  if (more === undefined) return say("search.count-first", { shown });
  const plus = more.endsWith("+");
  const total = shown + Number(plus ? more.slice(0, -1) : more);
  return say("search.count-page", { shown, total: `${total}${plus ? "+" : ""}` });
}

/** The width to fit lines to: the terminal's, else $COLUMNS, else 100 (a pipe or a file). */
function terminalColumns(ctx: CommandContext): number {
  if (ctx.stdout.isTTY && ctx.stdout.columns) return ctx.stdout.columns;
  const env = Number(ctx.env.COLUMNS);
  return Number.isInteger(env) && env >= 20 && env <= 1000 ? env : 100;
}

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
      throw localizedError(
        "registry.response.invalid",
        { key: "search.pages-stuck" },
        { key: "search.pages-stuck-hint" },
      );
    }
    seen.add(page.nextCursor);
    if (hits.length >= MAX_ALL) {
      warnFn(say("search.stopped", { n: hits.length }));
      return { hits, nextCursor: page.nextCursor };
    }
    cursor = page.nextCursor;
  }
}
