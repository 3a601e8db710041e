import type { TokenProperty } from "../types.js";
import { isObject } from "../json-guards.js";
import { CredentialSet, isPlaceholder, literal, replaceBraces } from "./inputs.js";
import { toCredentialKey } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";

// server.json Inputs (arguments, environment variables, headers, URL variables) → templates and credentials.

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** Named Inputs (environment variables, headers) → name → value; an Input without a name or a value is left out. */
export function namedValues(
  inputs: Json[],
  at: string,
  credentials: CredentialSet,
  notes: ConvertNote[],
): Record<string, string> {
  const out: Record<string, string> = {};
  inputs.forEach((input, i) => {
    const name = str(input["name"]);
    if (!name) return;
    const value = inputValue(input, name, `${at}/${i}`, credentials, notes);
    if (value !== undefined) out[name] = value;
  });
  return out;
}

/** The value of an Input, as a template: a literal, `{var}` variables, or a credential when a person must fill it. */
export function inputValue(
  input: Json,
  label: string,
  at: string,
  credentials: CredentialSet,
  notes: ConvertNote[],
): string | undefined {
  const variables = isObject(input["variables"]) ? input["variables"] : {};
  const keyOf = (variable: string): string | undefined => {
    const v = variables[variable];
    return isObject(v)
      ? credentials.add(variable, property(v), {
          required: v["isRequired"] === true,
          path: `${at}/variables/${variable}`,
          inferSecret: true,
        })
      : undefined;
  };
  const value = str(input["value"]);
  if (value !== undefined && value !== "" && !isPlaceholder(value)) {
    // VS Code's `${input:name}` asks the user: a credential here.
    const asked = value.replace(/\$\{input:([A-Za-z_][\w.-]*)\}/g, (whole, id: string) => {
      const key = credentials.add(id, property(input), { required: true, path: at, inferSecret: true });
      return key === undefined ? whole : `\u0000${key}\u0001`;
    });
    const safe = literal(asked).replace(/\u0000([A-Z0-9_]+)\u0001/g, (_, key: string) => `\${${key}}`);
    if (literal(asked) !== asked)
      notes.push(
        note("convert.template.unknown", at, `"\${" in ${label} is not a template here: written as "$ {"`),
      );
    return replaceBraces(safe, keyOf);
  }
  if (value !== undefined && isPlaceholder(value))
    notes.push(
      note(
        "convert.argument.placeholder",
        at,
        `${label} is the placeholder "${value}": it became a credential`,
      ),
    );
  const prop = property(input);
  if (value !== undefined && isPlaceholder(value)) {
    delete prop.default;
    prop.examples = [value];
  }
  const key = credentials.add(label, prop, {
    required: input["isRequired"] === true || (value !== undefined && isPlaceholder(value)),
    path: at,
    inferSecret: true,
  });
  return key === undefined ? undefined : `\${${key}}`;
}

/** A token-schema property from an official Input. */
export function property(input: Json): TokenProperty {
  const format = str(input["format"]);
  const type = format === "number" ? "number" : format === "boolean" ? "boolean" : "string";
  const prop: TokenProperty = { type };
  const description = str(input["description"]);
  if (description && !isPlaceholder(description) && !description.includes("${"))
    prop.description = description;
  else if (description && isPlaceholder(description)) prop.examples = [description];
  const fallback = input["default"];
  if (typeof fallback === "string" && !isPlaceholder(fallback)) {
    if (type === "string") prop.default = fallback;
    else if (type === "number" && Number.isFinite(Number(fallback))) prop.default = Number(fallback);
    else if (type === "boolean" && (fallback === "true" || fallback === "false"))
      prop.default = fallback === "true";
  }
  const choices = Array.isArray(input["choices"])
    ? input["choices"].filter((c): c is string => typeof c === "string")
    : [];
  if (choices.length > 0 && type === "string") {
    prop.enum = choices;
    if (prop.default !== undefined && !choices.includes(prop.default as string)) delete prop.default;
  }
  if (typeof input["isSecret"] === "boolean") prop.secret = input["isSecret"];
  const placeholder = str(input["placeholder"]);
  if (placeholder) prop.examples = [placeholder];
  return prop;
}

/** The argv of runtimeArguments or packageArguments: flags, named values, positional values. */
export function argumentList(
  args: Json[],
  at: string,
  credentials: CredentialSet,
  notes: ConvertNote[],
): string[] {
  const out: string[] = [];
  const flagKeys = new Set<string>();
  args.forEach((arg, i) => {
    const path = `${at}/${i}`;
    const name = str(arg["name"]);
    if (arg["type"] === "named" && name) {
      // A named argument whose value and default are empty and that hints at none is a flag (`--rm`,
      // `-debug`): upstream writes flags this way; it is not a credential named RM (issue 32).
      const given = arg["value"] ?? arg["default"];
      const flag = given === "" && arg["valueHint"] === undefined;
      const hasValue =
        !flag &&
        (arg["value"] !== undefined ||
          arg["default"] !== undefined ||
          arg["valueHint"] !== undefined ||
          arg["isRequired"] === true);
      out.push(name);
      if (!hasValue) return;
      const hint = str(arg["valueHint"]);
      const hinted = hint !== undefined && !isPlaceholder(hint) && toCredentialKey(hint) !== undefined;
      // A flag given twice (`-e A=… -e B=…`) asks twice, unless its value hint names the same credential.
      const key = toCredentialKey(name);
      const label = hinted ? hint : key !== undefined && !flagKeys.has(key) ? name : `ARG_${i + 1}`;
      flagKeys.add(toCredentialKey(label) ?? label);
      // A default is what a client offers the user, not a fixed value: a credential with that default.
      const value = inputValue(arg, label, path, credentials, notes);
      if (value !== undefined) out.push(value);
      return;
    }
    const hint = str(arg["valueHint"]) ?? name;
    const label =
      hint !== undefined && !isPlaceholder(hint) && toCredentialKey(hint) !== undefined
        ? hint
        : `ARG_${i + 1}`;
    const value = inputValue(arg, label, path, credentials, notes);
    if (value !== undefined) out.push(value);
  });
  return out;
}
