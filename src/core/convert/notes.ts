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
  "convert.alternative.kept",
  "convert.alternative.unsupported",
  "convert.argument.placeholder",
  "convert.bundle.files-missing",
  "convert.category.keyword",
  "convert.credential.dropped",
  "convert.credential.multiple",
  "convert.credential.renamed",
  "convert.credential.required",
  "convert.credential.secret-inferred",
  "convert.description.cleaned",
  "convert.description.missing",
  "convert.description.truncated",
  "convert.display-name.truncated",
  "convert.docker.option",
  "convert.docker.volume",
  "convert.env.renamed",
  "convert.field.dropped",
  "convert.keywords.dropped",
  "convert.launch.malformed",
  "convert.listing-only",
  "convert.name.renamed",
  "convert.oauth.dropped",
  "convert.oauth.manual",
  "convert.oauth.mapped",
  "convert.platform.override",
  "convert.plugin.component-dropped",
  "convert.plugin.file-dropped",
  "convert.plugin.skill-dropped",
  "convert.plugin.skill-renamed",
  "convert.server.dropped",
  "convert.server.renamed",
  "convert.skills-only",
  "convert.template.default-dropped",
  "convert.template.unknown",
  "convert.tools.reported",
  "convert.url.dropped",
  "convert.version.mapped",
] as const;

export const REFUSAL_CODES = [
  "convert.refused.format-unknown",
  "convert.refused.invalid-package",
  "convert.refused.name",
  "convert.refused.no-server",
  "convert.refused.not-a-connector",
  "convert.refused.not-json",
  "convert.refused.not-yaml",
  "convert.refused.remote-source",
  "convert.refused.shape",
  "convert.refused.source-missing",
  "convert.refused.too-deep",
  "convert.refused.too-large",
] as const;

/** Errors reading the input itself (the file, folder, URL or marketplace entry): docs/cli.md, `convert`. */
export const INPUT_CODES = [
  "convert.input.encoding",
  "convert.input.missing",
  "convert.input.too-large",
  "convert.input.unreadable",
  "convert.marketplace.plugin-missing",
  "convert.marketplace.plugin-unknown",
  "convert.remote.failed",
] as const;

export type NoteCode = (typeof NOTE_CODES)[number];
export type RefusalCode = (typeof REFUSAL_CODES)[number];
