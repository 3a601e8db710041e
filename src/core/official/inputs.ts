import { parseTemplate, PLUGIN_ROOT } from "../templates.js";
import type { TokenProperty, TokenSchema } from "../types.js";
import type { Input, InputWithVariables, KeyValueInput } from "./types.js";
import { looksSecret } from "../convert/inputs.js";

// token-schema properties and `${KEY}` templates → server.json Inputs (research note §4, "Credentials").

/** A credential key → the name server.json gives it (mcp.json 2 `inputNames`); the key itself otherwise. */
export type InputNames = Record<string, string> | undefined;

/** The credential key a name or flag spells (`--mode` → MODE, `X-API-Key` → X_API_KEY), as importers make it. */
export function keySpelling(name: string): string {
  return name
    .replace(/^-+/, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_");
}

/** The Input describing one token-schema property: what a client asks the user for. */
export function credentialInput(schema: TokenSchema | undefined, key: string, names?: InputNames): Input {
  const p: TokenProperty | undefined = schema?.properties[key];
  const input: Input = {};
  // A title that only repeats the input's name says nothing more: its name upstream, or a spelling of the
  // key (`api_key`, `X-API-Key`, the flag `--mode` for MODE), as converters write it.
  const spelled = (t: string) => !/\s/.test(t) && keySpelling(t) === key;
  const title = p?.title === undefined || p.title === names?.[key] || spelled(p.title) ? undefined : p.title;
  const words = [title, p?.description].filter((w): w is string => typeof w === "string" && w !== "");
  input.description = words.length > 0 ? words.join(": ") : key;
  if (schema?.required?.includes(key)) input.isRequired = true;
  if (typeof p?.secret === "boolean") input.isSecret = p.secret;
  // A name that looks secret (API_KEY) but is not: said, so that no importer guesses otherwise.
  else if (looksSecret(names?.[key] ?? key)) input.isSecret = false;
  if (p?.type === "number" || p?.type === "integer") input.format = "number";
  if (p?.type === "boolean") input.format = "boolean";
  if (p?.default !== undefined) input.default = String(p.default);
  if (p?.enum !== undefined) input.choices = p.enum.map(String);
  const example = p?.examples?.[0];
  if (typeof example === "string" || typeof example === "number" || typeof example === "boolean")
    input.placeholder = String(example);
  return input;
}

/** A template string as server.json writes it: `${KEY}` → `{KEY}`; undefined when it cannot be (PLUGIN_ROOT, invalid). */
export function templateValue(
  text: string,
  schema: TokenSchema | undefined,
  names?: InputNames,
): { value: string; keys: string[]; variables: Record<string, Input> } | undefined {
  const parsed = parseTemplate(text);
  if (!("parts" in parsed)) return undefined;
  let value = "";
  const keys: string[] = [];
  for (const part of parsed.parts) {
    if ("text" in part) value += part.text;
    else if (part.key === PLUGIN_ROOT) return undefined;
    else {
      value += `{${names?.[part.key] ?? part.key}}`;
      if (!keys.includes(part.key)) keys.push(part.key);
    }
  }
  const variables = Object.fromEntries(keys.map((k) => [names?.[k] ?? k, credentialInput(schema, k, names)]));
  return { value, keys, variables };
}

/**
 * One environment variable or header. `N: "${K}"` becomes a prompt for K itself (with N = K the client's
 * input id is our key); a literal stays a fixed `value`; anything else is a `value` with `{K}` variables.
 */
export function keyValueInput(
  name: string,
  text: string,
  schema: TokenSchema | undefined,
  names?: InputNames,
): KeyValueInput | undefined {
  const t = templateValue(text, schema, names);
  if (!t) return undefined;
  if (t.keys.length === 0) return { name, value: t.value };
  const only = t.keys[0]!;
  const alias = names?.[only] ?? only;
  if (t.keys.length === 1 && t.value === `{${alias}}` && (only === name || alias === name))
    return { name, ...credentialInput(schema, only, names) };
  return { name, ...withVariables(t.value, t.variables) };
}

/** A `value` with its `variables`, secret when any of them is. */
export function withVariables(value: string, variables: Record<string, Input>): InputWithVariables {
  const secret = Object.values(variables).some((v) => v.isSecret === true);
  const required = Object.values(variables).some((v) => v.isRequired === true);
  return {
    value,
    ...(required ? { isRequired: true } : {}),
    ...(secret ? { isSecret: true } : {}),
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
  };
}
