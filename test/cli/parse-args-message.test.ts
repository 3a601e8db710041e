import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import type { OptionSpec } from "../../cli/command.js";
import { parseArgsMessage } from "../../cli/parse-args-message.js";

// node:util parseArgs's refusals, by their error code, as messages of the tables with the option.

const SPEC: OptionSpec = {
  out: { type: "string", short: "o", value: "folder", description: "where" },
  json: { type: "boolean", description: "json" },
};

/** What parseArgs throws for `args` (positionals allowed unless `strictPositionals`). */
function refusal(args: string[], allowPositionals = true): Error & { code?: string } {
  const options = { out: { type: "string", short: "o" }, json: { type: "boolean" } } as const;
  try {
    parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error(`parseArgs accepted ${args.join(" ")}`);
}

describe("parseArgsMessage", () => {
  it.each([
    [["--bogus"], true, { key: "main.unknown-option", params: { option: "--bogus" } }],
    [["-x"], true, { key: "main.unknown-option", params: { option: "-x" } }],
    [["--out"], true, { key: "main.option-needs-value", params: { option: "--out", value: "folder" } }],
    [["-o"], true, { key: "main.option-needs-value", params: { option: "--out", value: "folder" } }],
    [["--json=1"], true, { key: "main.option-takes-no-value", params: { option: "--json" } }],
    [["--out", "--json"], true, { key: "main.option-dash-value", params: { option: "--out" } }],
    [["-o", "-x"], true, { key: "main.option-dash-value", params: { option: "--out" } }],
    [["extra"], false, { key: "main.unexpected-argument", params: { argument: '"extra"' } }],
  ] as const)("%j", (args, positionals, said) => {
    expect(parseArgsMessage(refusal([...args], positionals), SPEC)).toEqual(said);
  });

  it("passes a refusal of an unknown shape on as node says it, without its prefix", () => {
    const odd = Object.assign(new Error("TypeError [X]: something new"), { code: "ERR_PARSE_ARGS_NEW" });
    expect(parseArgsMessage(odd, SPEC)).toBe("something new");
  });
});
