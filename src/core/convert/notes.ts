/** What a conversion could not carry over, or carried over differently: never a silent loss. */
export interface ConvertNote {
  /** Stable, documented code, e.g. `convert.name.renamed` (docs/package-format.md, "Converting"). */
  code: string;
  /** Where in the source file, as a JSON Pointer (`/packages/1`), `""` for the whole entry. */
  path: string;
  message: string;
}

/** One note. */
export function note(code: string, path: string, message: string): ConvertNote {
  return { code, path, message };
}

/**
 * Every code a converter emits. The docs test checks each is documented. Refusal codes (`convert.refused.*`)
 * end a conversion; the others are notes on a package that was written.
 */
export const NOTE_CODES = [
  "convert.name.renamed",
  "convert.version.mapped",
  "convert.description.missing",
  "convert.description.truncated",
  "convert.description.cleaned",
  "convert.display-name.truncated",
  "convert.keywords.dropped",
  "convert.category.keyword",
  "convert.url.dropped",
  "convert.publisher.derived",
  "convert.alternative.skipped",
  "convert.alternative.unsupported",
  "convert.credential.renamed",
  "convert.credential.secret-inferred",
  "convert.credential.required",
  "convert.credential.placeholder",
  "convert.credential.dropped",
  "convert.argument.placeholder",
  "convert.field.dropped",
  "convert.template.default-dropped",
  "convert.template.unknown",
  "convert.server.renamed",
  "convert.server.dropped",
  "convert.platform.override",
  "convert.oauth.manual",
  "convert.docker.volume",
  "convert.docker.option",
  "convert.tools.reported",
  "convert.plugin.component-dropped",
  "convert.plugin.skill-dropped",
  "convert.plugin.file-dropped",
  "convert.skills-only",
] as const;

export const REFUSAL_CODES = [
  "convert.refused.not-json",
  "convert.refused.not-yaml",
  "convert.refused.shape",
  "convert.refused.name",
  "convert.refused.no-server",
  "convert.refused.not-a-connector",
  "convert.refused.remote-source",
  "convert.refused.source-missing",
  "convert.refused.too-large",
  "convert.refused.invalid-package",
  "convert.refused.format-unknown",
] as const;

export type NoteCode = (typeof NOTE_CODES)[number];
export type RefusalCode = (typeof REFUSAL_CODES)[number];
