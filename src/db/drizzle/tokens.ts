import { eq } from "drizzle-orm";
import type { TokenRow } from "../publisher-rows.js";
import type { On } from "./dialect.js";

/** Publish tokens as TokenRow (never the hash), in id order; all of them, or those `where` picks. */
export async function tokenRows(on: On, where?: ReturnType<typeof eq>): Promise<TokenRow[]> {
  const { tokens, publishers } = on.dialect.tables;
  const q = on.db
    .select({
      id: tokens.id,
      publisher: publishers.name,
      prefix: tokens.prefix,
      label: tokens.label,
      createdAt: tokens.createdAt,
      revokedAt: tokens.revokedAt,
    })
    .from(tokens)
    .innerJoin(publishers, eq(publishers.id, tokens.publisherId));
  return (where ? q.where(where) : q).orderBy(tokens.id);
}
