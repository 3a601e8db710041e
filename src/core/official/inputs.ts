import { parseTemplate, PLUGIN_ROOT } from "../templates.js";
import type { TokenProperty, TokenSchema } from "../types.js";
import type { Input, InputWithVariables, KeyValueInput } from "./types.js";

// token-schema properties and `${KEY}` templates → server.json Inputs (research note §4, "Credentials").

/** The Input describing one token-schema property: what a client asks the user for. */
export function credentialInput(schema: TokenSchema | undefined, key: string): Input {
  const p: TokenProperty | undefined = schema?.properties[key];
  const input: Input = {};
  const words = [p?.title, p?.description].filter((w): w is string => typeof w === "string" && w !== "");
  input.description = words.length > 0 ? words.join(": ") : key;
  if (schema?.required?.includes(key)) input.isRequired = true;
  if (p?.secret === true) input.isSecret = true;
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
): { value: string; keys: string[]; variables: Record<string, Input> } | undefined {
  const parsed = parseTemplate(text);
  if (!("parts" in parsed)) return undefined;
  let value = "";
  const keys: string[] = [];
  for (const part of parsed.parts) {
    if ("text" in part) value += part.text;
    else if (part.key === PLUGIN_ROOT) return undefined;
    else {
      value += `{${part.key}}`;
      if (!keys.includes(part.key)) keys.push(part.key);
    }
  }
  const variables = Object.fromEntries(keys.map((k) => [k, credentialInput(schema, k)]));
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
): KeyValueInput | undefined {
  const t = templateValue(text, schema);
  if (!t) return undefined;
  if (t.keys.length === 0) return { name, value: t.value };
  const only = t.keys[0]!;
  if (t.keys.length === 1 && t.value === `{${only}}` && only === name)
    return { name, ...credentialInput(schema, only) };
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
