import { describe, expect, it } from "vitest";
import { loaderEnvReason, LOADER_ENV_RULES } from "../../../src/core/launch/loader-env.js";
import { quoteArg, quoteAssignment, quoteCommand } from "../../../src/core/launch/quote-arg.js";

describe("quoteArg", () => {
  it.each([
    ["-y", "-y"],
    ["@modelcontextprotocol/server-github", "@modelcontextprotocol/server-github"],
    ["", "''"],
    ["a b", "'a b'"],
    ["it's", `'it'\\''s'`],
    ["${PLUGIN_ROOT}/server.js", "'${PLUGIN_ROOT}/server.js'"],
    ["x\nnpx -y @modelcontextprotocol/server-github", "$'x\\nnpx -y @modelcontextprotocol/server-github'"],
    ["\u001b]52;c;ZXZpbA==\u0007", "$'\\x1b]52;c;ZXZpbA==\\x07'"],
    ["safe\u202eexe.js", "$'safe\\u202eexe.js'"],
    ["zero\u200bwidth", "$'zero\\u200bwidth'"],
    ["tag\u{e0041}", "$'tag\\U000e0041'"],
    ["it's\n", "$'it\\'s\\n'"],
  ])("%j → %s", (arg, quoted) => {
    expect(quoteArg(arg)).toBe(quoted);
  });

  it("a quoted command line is one printable line whatever the arguments hold", () => {
    const line = quoteCommand("npx", ["-y", "pkg\n\r\u2028forged line", "\u0000\u009b31m"]);
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(line).toBe("npx -y $'pkg\\n\\r\\u2028forged line' $'\\x00\\x9b31m'");
    expect(quoteAssignment("NODE_OPTIONS", "--require /tmp/x.js")).toBe("NODE_OPTIONS='--require /tmp/x.js'");
  });
});

describe("loader env keys", () => {
  it.each([
    "LD_PRELOAD",
    "LD_LIBRARY_PATH",
    "DYLD_INSERT_LIBRARIES",
    "NODE_OPTIONS",
    "NODE_PATH",
    "PYTHONPATH",
    "PYTHONSTARTUP",
    "npm_config_registry",
    "NPM_CONFIG_REGISTRY",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "UV_INDEX_URL",
    "RUBYOPT",
    "PERL5OPT",
    "JAVA_TOOL_OPTIONS",
    "GIT_SSH_COMMAND",
    "PATH",
  ])("%s is flagged", (key) => {
    expect(loaderEnvReason(key)).toBeTypeOf("string");
  });

  it.each(["API_KEY", "GITHUB_TOKEN", "LOG_LEVEL", "NODE_ENV", "PYTHONUNBUFFERED", "DEBUG"])(
    "%s is not",
    (key) => {
      expect(loaderEnvReason(key)).toBeUndefined();
    },
  );

  it("every rule explains itself", () => {
    for (const rule of LOADER_ENV_RULES) expect(rule.why.length, rule.pattern).toBeGreaterThan(10);
  });
});
