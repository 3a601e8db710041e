import { checkCredentials } from "../../src/core/credential-check.js";
import { type ConnectoryError } from "../../src/core/errors.js";
import { redact } from "../../src/core/secrets.js";
import type { Credentials, Problem, TokenProperty, TokenSchema } from "../../src/core/types.js";
import type { OptionSpec } from "../command.js";
import type { CommandContext } from "../context.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";
import type { CliMessageKey } from "../terminal/messages-en.js";
import { printable } from "../terminal/printable.js";
import { prompt } from "../terminal/prompt.js";

export interface CollectOptions {
  /** The connector's token-schema.json; undefined when it needs no credentials. */
  schema: TokenSchema | undefined;
  /** The connector's name, shown in prompts and errors ("tushare"). */
  label: string;
  /** `--config KEY=VALUE` pairs (see parseConfigPairs). */
  given: Record<string, string>;
  /**
   * Which keys may be read from environment variables of the same name (`--config-from-env`: "all",
   * `--config-env KEY`: those keys). Absent: none. A shell environment holds other services' tokens,
   * and a connector may declare them as optional credentials to receive them (issue 12, class 1).
   */
  fromEnv?: EnvConsent | undefined;
  /** Values already stored in credentials.json. */
  existing?: Credentials;
  /** A person is at a terminal: ask for what is still missing (hidden for secrets). */
  interactive: boolean;
  /**
   * Ask for every declared key, not only the missing ones (`credentials set` with no KEY=VALUE):
   * Enter keeps the stored value.
   */
  askAll?: boolean;
  /**
   * The command that tries again with corrected values, shown when a value is invalid. Defaults to
   * `connectory credentials set <label> KEY=VALUE`, which only works once the connector is installed.
   */
  retry?: string;
}

export interface Collected {
  /** Validated values (numbers/booleans coerced), ready to store; schema defaults are not copied in. */
  values: Credentials;
  /** Required keys still without a value: the connector stays `needs-credentials`. */
  missing: string[];
  /** Where each stored value came from, key by key (the keys of `values`). */
  sources: Record<string, CredentialSource>;
}

/** Where a stored credential came from, as the install and update output says. */
export type CredentialSource = "config" | "environment" | "prompt" | "stored";

/** Consent to read credentials from the environment: every declared key, or the keys named. */
export type EnvConsent = "all" | readonly string[];

/** The words each source is shown with, from the message tables. */
const SOURCE_WORDS = {
  config: "credentials.source-config",
  environment: "credentials.source-environment",
  prompt: "credentials.source-prompt",
  stored: "credentials.source-stored",
} as const satisfies Record<CredentialSource, CliMessageKey>;

/** `--config-from-env` (all keys) and `--config-env KEY` (repeatable) as one consent, or undefined. */
export function envConsent(values: {
  "config-from-env"?: boolean;
  "config-env"?: string[];
}): EnvConsent | undefined {
  if (values["config-from-env"] === true) return "all";
  const list = values["config-env"] ?? [];
  return list.length > 0 ? list : undefined;
}

/** The options every verb that collects credentials takes for environment consent. */
export const ENV_OPTIONS = {
  "config-from-env": {
    type: "boolean",
    description: "take every declared credential from the environment variable of the same name",
  },
  "config-env": {
    type: "string",
    multiple: true,
    value: "KEY",
    description: "take this credential from the environment variable KEY",
  },
} satisfies OptionSpec;

/** "TOKEN (--config), REGION (kept from before)": one line of the install and update output. */
export function describeSources(
  sources: Record<string, CredentialSource>,
  given: CliMessageKey = SOURCE_WORDS.config,
): string | undefined {
  const keys = Object.keys(sources).sort();
  if (keys.length === 0) return undefined;
  const word = (s: CredentialSource) => say(s === "config" ? given : SOURCE_WORDS[s]);
  return keys.map((k) => `${k} (${word(sources[k] as CredentialSource)})`).join(", ");
}

/**
 * Gathers a connector's credentials from, in order: --config, environment variables named exactly as
 * the key (only those `fromEnv` consents to), stored values, then (interactive only) a prompt per key. Validates them against the schema;
 * anything invalid throws `credentials.invalid` with one problem per field (nothing is stored by the
 * caller). A --config key the schema does not declare is an error too.
 */
export async function collectCredentials(
  ctx: Pick<CommandContext, "env" | "stdin" | "stderr">,
  options: CollectOptions,
): Promise<Collected> {
  const properties = options.schema?.properties ?? {};
  const named = options.fromEnv === "all" || options.fromEnv === undefined ? [] : options.fromEnv;
  const undeclared = [...Object.keys(options.given), ...named].filter(
    (key) => !Object.hasOwn(properties, key),
  );
  if (undeclared.length > 0) throw undeclaredError(options.label, undeclared, Object.keys(properties));
  const unset = named.filter((key) => (ctx.env[key] ?? "") === "");
  if (unset.length > 0) {
    throw localizedUsageError(
      { key: "usage.config-env-unset", params: { keys: unset.join(", ") } },
      { key: "usage.config-env-unset-hint", params: { key: unset[0]! } },
    );
  }
  if (!options.schema) return { values: {}, missing: [], sources: {} };

  const required = new Set(options.schema.required ?? []);
  const values: Credentials = {};
  const sources: Record<string, CredentialSource> = {};
  const take = (key: string, value: Credentials[string], source: CredentialSource) => {
    values[key] = value;
    sources[key] = source;
  };
  for (const [key, property] of Object.entries(properties)) {
    const given = options.given[key];
    const consented = options.fromEnv === "all" || named.includes(key);
    const fromEnv = consented ? ctx.env[key] : undefined;
    const stored = options.existing?.[key];
    if (given !== undefined) take(key, given, "config");
    else if (fromEnv !== undefined && fromEnv !== "") take(key, fromEnv, "environment");
    else if (options.interactive && (options.askAll || (stored === undefined && required.has(key)))) {
      const answer = await askValid(ctx, {
        label: options.label,
        key,
        property,
        stored,
        required: required.has(key),
      });
      if (answer !== "") take(key, answer, "prompt");
      else if (stored !== undefined) take(key, stored, "stored");
    } else if (stored !== undefined) take(key, stored, "stored");
  }

  // Absent required keys are reported as `missing`, not as problems: validate what is there (defaults
  // may still fill a required key).
  const present = { ...options.schema, required: [...required].filter((key) => values[key] !== undefined) };
  const report = await validate(present, values);
  if (!report.ok) {
    const retry = options.retry ?? `connectory credentials set ${options.label} KEY=VALUE`;
    throw invalidError(options.label, report.problems, secretValues(options.schema, values), retry);
  }
  const missing = [...required].filter((key) => report.values[key] === undefined).sort();
  // Keep what was supplied (coerced), not filled-in defaults: a default the publisher changes later
  // should reach the user, and the merge applies defaults when it renders.
  const supplied = Object.fromEntries(
    Object.entries(report.values).filter(([key]) => values[key] !== undefined),
  );
  return { values: supplied, missing, sources };
}

/** validateCredentials, loading ajv (~100 ms with its meta-schema) only for a schema beyond docs/package-format.md's keywords. */
async function validate(schema: TokenSchema, values: Credentials) {
  return (
    checkCredentials(schema, values) ??
    (await import("../../src/core/credentials.js")).validateCredentials(schema, values)
  );
}

/** Parses `--config KEY=VALUE` pairs; a pair without `=` or with an empty key is a usage error. */
export function parseConfigPairs(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((pair, index) => {
    const eq = pair.indexOf("=");
    const key = eq === -1 ? "" : pair.slice(0, eq).trim();
    // Never echo the pair: a user who forgot `KEY=` may have typed the secret itself.
    if (eq === -1 || key === "" || /\s/.test(key)) {
      throw localizedUsageError(
        { key: "usage.config-not-pair", params: { n: index + 1 } },
        { key: "usage.config-not-pair-hint" },
      );
    }
    if (Object.hasOwn(out, key))
      throw localizedUsageError(
        { key: "usage.config-twice", params: { key } },
        { key: "usage.config-twice-hint" },
      );
    out[key] = pair.slice(eq + 1);
  });
  return out;
}

// A person who mistypes a long token is asked again, not sent back to the start of an install.
const ATTEMPTS = 3;

/** Asks until the answer passes this field's rules (or is empty), at most ATTEMPTS times. */
/** One credential field to ask for: the connector's label, the field, its stored value, whether it must be given. */
interface Question {
  label: string;
  key: string;
  property: TokenProperty;
  stored: Credentials[string] | undefined;
  required: boolean;
}

async function askValid(ctx: Pick<CommandContext, "stdin" | "stderr">, question: Question): Promise<string> {
  const { key, property } = question;
  const one: TokenSchema = { type: "object", properties: { [key]: property }, additionalProperties: false };
  for (let attempt = 1; ; attempt++) {
    const answer = await ask(ctx, question, attempt > 1);
    if (answer === "" || attempt === ATTEMPTS) return answer;
    const report = await validate(one, { [key]: answer });
    if (report.ok) return answer;
    // Problems name the field and the rule, never the value typed.
    const secrets = property.secret ? [answer] : [];
    for (const p of report.problems)
      ctx.stderr.write(printable(`  ${redact(p.message, secrets)}; try again`) + "\n");
  }
}

async function ask(
  ctx: Pick<CommandContext, "stdin" | "stderr">,
  { label, key, property, stored, required }: Question,
  again = false,
): Promise<string> {
  const lines = [`${label}: ${property.title ? `${property.title} (${key})` : key}`];
  if (property.description) lines.push(`  ${property.description}`);
  if (property.enum) lines.push(say("ask.one-of", { values: property.enum.map(String).join(", ") }));
  else if (property.type === "boolean") lines.push(say("ask.boolean"));
  // On a second try the question alone: the description was just shown.
  // Title, description and enum values are the publisher's words: through the terminal sanitizer.
  if (!again) ctx.stderr.write(printable(lines.join("\n")) + "\n");
  const keep =
    stored !== undefined
      ? property.secret
        ? say("ask.keep-stored")
        : say("ask.keep", { value: String(stored) })
      : property.default !== undefined
        ? say("ask.default", { value: String(property.default) })
        : required
          ? undefined
          : say("ask.optional");
  const message = `${key}${property.secret ? say("ask.hidden") : ""}${keep ? ` [${keep}]` : ""}: `;
  return prompt(ctx, { message, hidden: property.secret === true });
}

function undeclaredError(label: string, keys: string[], declared: string[]): ConnectoryError {
  const problems: Problem[] = keys.map((key) => ({
    code: "credentials.undeclared",
    severity: "error",
    file: "token-schema.json",
    path: `/properties/${key}`,
    message: `${label} does not declare a credential named ${key}`,
  }));
  return localizedError(
    "credentials.undeclared",
    { key: "credentials.undeclared", params: { label, keys: keys.join(", ") } },
    declared.length
      ? { key: "credentials.undeclared-takes", params: { label, declared: declared.join(", ") } }
      : { key: "credentials.undeclared-none", params: { label } },
    { problems },
  );
}

function invalidError(label: string, problems: Problem[], secrets: string[], retry: string): ConnectoryError {
  // Validators should not quote values, but a secret must never reach an error message regardless.
  const clean = problems.map((p) => ({ ...p, message: redact(p.message, secrets) }));
  return localizedError(
    "credentials.invalid",
    { key: "credentials.invalid", params: { label } },
    { key: "credentials.invalid-hint", params: { retry } },
    { problems: clean },
  );
}

function secretValues(schema: TokenSchema, values: Credentials): string[] {
  return Object.entries(values)
    .filter(([key]) => schema.properties[key]?.secret === true)
    .map(([, value]) => String(value))
    .filter((v) => v !== "");
}
