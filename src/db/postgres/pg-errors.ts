/** The SQLSTATE of a PostgreSQL error, also when drizzle wrapped it (DrizzleQueryError.cause). */
export function pgErrorCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e instanceof Error && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Errors after which the whole transaction can simply run again: serialization failure, deadlock. */
export function isRetryable(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === "40001" || code === "40P01";
}
