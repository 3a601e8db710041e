import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { collectCredentials, parseConfigPairs } from "../../../cli/install/collect-credentials.js";
import type { CommandContext } from "../../../cli/context.js";
import type { TokenSchema } from "../../../src/core/types.js";

const TOKEN = "0123456789abcdef".repeat(3) + "01234567"; // 56 hex
const schema: TokenSchema = {
  type: "object",
  properties: {
    TOKEN: {
      type: "string",
      title: "API token",
      description: "From the dashboard",
      pattern: "^[0-9a-f]{56}$",
      secret: true,
    },
    REGION: { type: "string", enum: ["eu", "us"], default: "eu" },
    LIMIT: { type: "integer", minimum: 1 },
  },
  required: ["TOKEN"],
  additionalProperties: false,
};

/** A context whose stdin is a fake terminal fed `input`; stderr is captured. */
function world(options: { env?: Record<string, string>; input?: string; tty?: boolean } = {}) {
  const stdin = Object.assign(new PassThrough(), { isTTY: options.tty ?? false, raw: [] as boolean[] });
  Object.assign(stdin, { setRawMode: (on: boolean) => stdin.raw.push(on) });
  if (options.input !== undefined) stdin.end(options.input);
  let stderr = "";
  const ctx = {
    env: options.env ?? {},
    stdin: stdin as unknown as CommandContext["stdin"],
    stderr: { write: (s: string) => (stderr += s) },
  };
  return { ctx, stdin, stderr: () => stderr };
}

describe("collectCredentials", () => {
  it("takes --config first, then the environment, then stored values; coerces types; keeps defaults out", async () => {
    const { ctx } = world({ env: { TOKEN: "f".repeat(56), LIMIT: "9" } });
    const r = await collectCredentials(ctx, {
      schema,
      label: "demo",
      given: { TOKEN },
      existing: { LIMIT: 3, REGION: "us" },
      fromEnv: "all",
      interactive: false,
    });
    expect(r).toEqual({
      values: { TOKEN, LIMIT: 9, REGION: "us" },
      missing: [],
      sources: { TOKEN: "config", LIMIT: "environment", REGION: "stored" },
    });
  });

  it("reads no environment variable without consent, and only the named ones with it", async () => {
    const { ctx } = world({ env: { TOKEN, LIMIT: "9" } });
    const none = await collectCredentials(ctx, { schema, label: "demo", given: {}, interactive: false });
    expect(none).toEqual({ values: {}, missing: ["TOKEN"], sources: {} });
    const one = await collectCredentials(ctx, {
      schema,
      label: "demo",
      given: {},
      fromEnv: ["LIMIT"],
      interactive: false,
    });
    expect(one).toEqual({ values: { LIMIT: 9 }, missing: ["TOKEN"], sources: { LIMIT: "environment" } });
  });

  it("reports missing required keys without a TTY instead of failing", async () => {
    const r = await collectCredentials(world().ctx, { schema, label: "demo", given: {}, interactive: false });
    expect(r).toEqual({ values: {}, missing: ["TOKEN"], sources: {} });
  });

  it("an empty environment variable does not count", async () => {
    const r = await collectCredentials(world({ env: { TOKEN: "" } }).ctx, {
      schema,
      label: "demo",
      given: {},
      fromEnv: "all",
      interactive: false,
    });
    expect(r.missing).toEqual(["TOKEN"]);
  });

  it("invalid values throw per-field problems that never quote a secret", async () => {
    const secret = "not-hex-canary-8d1f";
    const error = await collectCredentials(world().ctx, {
      schema,
      label: "demo",
      given: { TOKEN: secret, REGION: "mars", LIMIT: "0" },
      interactive: false,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "credentials.invalid" });
    const problems = (error as { problems: Array<{ path: string }> }).problems;
    expect(problems.map((p) => p.path).sort()).toEqual(["/LIMIT", "/REGION", "/TOKEN"]);
    expect(JSON.stringify(error) + String(error)).not.toContain(secret);
  });

  it("an undeclared --config key is an error naming the declared ones", async () => {
    const error = await collectCredentials(world().ctx, {
      schema,
      label: "demo",
      given: { NOPE: "1" },
      interactive: false,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "credentials.undeclared" });
    expect((error as { hint: string }).hint).toContain("TOKEN, REGION, LIMIT");
  });

  it("a connector without a schema takes no --config", async () => {
    expect(
      await collectCredentials(world().ctx, { schema: undefined, label: "x", given: {}, interactive: false }),
    ).toEqual({
      values: {},
      missing: [],
      sources: {},
    });
    await expect(
      collectCredentials(world().ctx, {
        schema: undefined,
        label: "x",
        given: { A: "1" },
        interactive: false,
      }),
    ).rejects.toMatchObject({
      code: "credentials.undeclared",
    });
  });

  it("the prompt shows a token-schema's escapes and hidden characters visibly, never raw", async () => {
    const hostile: TokenSchema = {
      type: "object",
      properties: {
        TOKEN: {
          type: "string",
          title: "Token\u001b]52;c;ZXZpbA==\u0007",
          description: "Paste it here\u001b[1A\u001b[2K\u202e",
          enum: ["a\u009b31m"],
          secret: true,
        },
      },
      required: ["TOKEN"],
      additionalProperties: false,
    };
    const { ctx, stderr } = world({ tty: true, input: "a\u009b31m\r" });
    await collectCredentials(ctx, { schema: hostile, label: "demo", given: {}, interactive: true });
    expect(stderr()).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
    expect(stderr()).toContain("Token⟨U+001B⟩]52;c;ZXZpbA==⟨U+0007⟩ (TOKEN)");
    expect(stderr()).toContain("one of: a⟨U+009B⟩31m");
  });

  it("on a TTY, a value that breaks its rule is asked for again, without echoing it", async () => {
    const typo = "0123-typo-canary";
    const { ctx, stderr } = world({ tty: true, input: `${typo}\r${TOKEN}\r` });
    const r = await collectCredentials(ctx, { schema, label: "demo", given: {}, interactive: true });
    expect(r).toEqual({ values: { TOKEN }, missing: [], sources: { TOKEN: "prompt" } });
    expect(stderr()).toContain("does not have the expected form");
    expect(stderr()).toContain("try again");
    expect(stderr().match(/TOKEN \(hidden\): /g)).toHaveLength(2);
    expect(stderr()).not.toContain(typo);
  });

  it("on a TTY, gives up after three wrong answers with the usual error, saving nothing", async () => {
    const { ctx } = world({ tty: true, input: "bad1\rbad2\rbad3\r" });
    const error = await collectCredentials(ctx, {
      schema,
      label: "demo",
      given: {},
      interactive: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "credentials.invalid" });
  });

  it("on a TTY, prompts for the missing required key, hidden, showing title and description", async () => {
    const { ctx, stdin, stderr } = world({ tty: true, input: `${TOKEN}\r\n` });
    const r = await collectCredentials(ctx, { schema, label: "demo", given: {}, interactive: true });
    expect(r).toEqual({ values: { TOKEN }, missing: [], sources: { TOKEN: "prompt" } });
    expect(stderr()).toContain("demo: API token (TOKEN)");
    expect(stderr()).toContain("From the dashboard");
    expect(stderr()).toContain("TOKEN (hidden): ");
    expect(stderr()).not.toContain(TOKEN);
    expect(stdin.raw).toEqual([true, false]);
  });

  it("askAll asks every key; Enter keeps the stored value or the default, backspace edits", async () => {
    const { ctx, stderr } = world({ tty: true, input: `\nus\n5x\u007f\n` });
    const r = await collectCredentials(ctx, {
      schema,
      label: "demo",
      given: {},
      existing: { TOKEN },
      interactive: true,
      askAll: true,
    });
    expect(r.values).toEqual({ TOKEN, REGION: "us", LIMIT: 5 });
    expect(stderr()).toContain("[Enter keeps the stored value]");
    expect(stderr()).toContain("[Enter for eu]");
    expect(stderr()).toContain("one of: eu, us");
  });

  it("input that ends early (Ctrl-D) aborts, nothing collected", async () => {
    const { ctx } = world({ tty: true, input: "" });
    await expect(
      collectCredentials(ctx, { schema, label: "demo", given: {}, interactive: true }),
    ).rejects.toMatchObject({
      code: "prompt.aborted",
    });
  });
});

describe("parseConfigPairs", () => {
  it.each([
    [["A=1", "B=x=y", "C="], { A: "1", B: "x=y", C: "" }],
    [[], {}],
  ])("%j", (list, expected) => {
    expect(parseConfigPairs(list)).toEqual(expected);
  });

  it.each([[["s3cr3t-value"]], [["=x"]], [["A B=1"]], [["A=1", "A=2"]]])(
    "%j is a usage error that never echoes the value",
    (list) => {
      let error: unknown;
      try {
        parseConfigPairs(list);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ usage: true });
      expect(String((error as Error).message)).not.toContain("s3cr3t");
    },
  );
});
