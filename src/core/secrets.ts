import type { TokenSchema } from "./types.js";

// Apart from credentials.ts so that printing and redacting do not load ajv.

/** The keys a token-schema marks `secret: true`. */
export function secretKeys(schema: TokenSchema | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, p]) => p.secret === true)
    .map(([k]) => k);
}

/** Replace every secret value in text with *** (longest first, so a secret URL hides whole; URL-encoded forms too). */
export function redact(text: string, secretValues: readonly string[]): string {
  const forms = new Set<string>();
  for (const s of secretValues) {
    if (s === "") continue;
    forms.add(s);
    forms.add(encodeURIComponent(s));
  }
  let out = text;
  for (const s of [...forms].sort((a, b) => b.length - a.length)) out = out.split(s).join("***");
  return out;
}
