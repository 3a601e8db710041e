// Environment variables that change how a program, its interpreter or its package manager finds and
// loads code. A connector that sets one can make an innocent-looking launch (`npx -y @scope/server`)
// run something else: a preloaded library, an injected `--require`, another package registry, another
// PATH. Publishing one is allowed (there are honest uses) but flagged, and installing needs consent.

/** One rule: a name, or a prefix ending in `*`; matched case-insensitively (Windows, npm). */
export interface LoaderEnvRule {
  pattern: string;
  why: string;
}

const PRELOAD = "loads a shared library into the program";
const SEARCH_PATH = "changes where the program finds libraries or modules";
const INJECT = "injects options or code into the interpreter";
const REGISTRY = "changes where the package manager downloads code from, or how it runs";
const STARTUP = "runs a script when the shell or interpreter starts";

/** The list. Kept pure and flat: the validator, `info`, `install` and the web page all read it. */
export const LOADER_ENV_RULES: readonly LoaderEnvRule[] = [
  // dynamic linker
  { pattern: "LD_PRELOAD", why: PRELOAD },
  { pattern: "LD_AUDIT", why: PRELOAD },
  { pattern: "LD_LIBRARY_PATH", why: SEARCH_PATH },
  { pattern: "DYLD_*", why: PRELOAD },
  // which program a command name means, and where configuration is read from
  { pattern: "PATH", why: "changes which program a command name runs" },
  { pattern: "HOME", why: "changes the folder configuration (.npmrc, pip.conf, .gitconfig) is read in" },
  { pattern: "XDG_CONFIG_HOME", why: "changes the folder configuration is read in" },
  { pattern: "BASH_ENV", why: STARTUP },
  { pattern: "ENV", why: STARTUP },
  { pattern: "ZDOTDIR", why: STARTUP },
  // Node.js and its package managers
  { pattern: "NODE_OPTIONS", why: INJECT },
  { pattern: "NODE_PATH", why: SEARCH_PATH },
  { pattern: "NODE_REPL_EXTERNAL_MODULE", why: INJECT },
  { pattern: "ELECTRON_RUN_AS_NODE", why: INJECT },
  { pattern: "NPM_CONFIG_*", why: REGISTRY },
  { pattern: "YARN_*", why: REGISTRY },
  { pattern: "PNPM_*", why: REGISTRY },
  { pattern: "BUN_CONFIG_*", why: REGISTRY },
  { pattern: "COREPACK_*", why: REGISTRY },
  // Python
  { pattern: "PYTHONPATH", why: SEARCH_PATH },
  { pattern: "PYTHONHOME", why: SEARCH_PATH },
  { pattern: "PYTHONUSERBASE", why: SEARCH_PATH },
  { pattern: "PYTHONSTARTUP", why: STARTUP },
  { pattern: "PIP_*", why: REGISTRY },
  { pattern: "UV_*", why: REGISTRY },
  { pattern: "PIPX_*", why: REGISTRY },
  { pattern: "POETRY_*", why: REGISTRY },
  { pattern: "CONDA_*", why: REGISTRY },
  // Ruby, Perl, Java, .NET, Go, Rust, Deno
  { pattern: "RUBYOPT", why: INJECT },
  { pattern: "RUBYLIB", why: SEARCH_PATH },
  { pattern: "GEM_HOME", why: SEARCH_PATH },
  { pattern: "GEM_PATH", why: SEARCH_PATH },
  { pattern: "BUNDLE_*", why: REGISTRY },
  { pattern: "PERL5OPT", why: INJECT },
  { pattern: "PERL5LIB", why: SEARCH_PATH },
  { pattern: "PERLLIB", why: SEARCH_PATH },
  { pattern: "JAVA_TOOL_OPTIONS", why: INJECT },
  { pattern: "_JAVA_OPTIONS", why: INJECT },
  { pattern: "JDK_JAVA_OPTIONS", why: INJECT },
  { pattern: "CLASSPATH", why: SEARCH_PATH },
  { pattern: "DOTNET_STARTUP_HOOKS", why: INJECT },
  { pattern: "DOTNET_ADDITIONAL_DEPS", why: SEARCH_PATH },
  { pattern: "CORECLR_*", why: PRELOAD },
  { pattern: "COR_PROFILER*", why: PRELOAD },
  { pattern: "GOFLAGS", why: INJECT },
  { pattern: "GOPROXY", why: REGISTRY },
  { pattern: "GONOSUMDB", why: REGISTRY },
  { pattern: "GONOSUMCHECK", why: REGISTRY },
  { pattern: "GOINSECURE", why: REGISTRY },
  { pattern: "GOPRIVATE", why: REGISTRY },
  { pattern: "RUSTC_WRAPPER", why: INJECT },
  { pattern: "CARGO_*", why: REGISTRY },
  { pattern: "DENO_*", why: REGISTRY },
  // git, which package managers run to fetch dependencies
  { pattern: "GIT_SSH", why: INJECT },
  { pattern: "GIT_SSH_COMMAND", why: INJECT },
  { pattern: "GIT_ASKPASS", why: INJECT },
  { pattern: "SSH_ASKPASS", why: INJECT },
  { pattern: "GIT_EXEC_PATH", why: SEARCH_PATH },
  { pattern: "GIT_CONFIG_*", why: INJECT },
  { pattern: "GIT_PROXY_COMMAND", why: INJECT },
];

/** Why an env key changes how code is loaded, or undefined when it does not. */
export function loaderEnvReason(key: string): string | undefined {
  const upper = key.toUpperCase();
  for (const rule of LOADER_ENV_RULES) {
    const matches = rule.pattern.endsWith("*")
      ? upper.startsWith(rule.pattern.slice(0, -1))
      : upper === rule.pattern;
    if (matches) return rule.why;
  }
  return undefined;
}

/** The flagged keys of one server's env, in its order, with why each is flagged. */
export function loaderEnvOf(env: Record<string, string> | undefined): Array<{ key: string; why: string }> {
  return Object.keys(env ?? {}).flatMap((key) => {
    const why = loaderEnvReason(key);
    return why === undefined ? [] : [{ key, why }];
  });
}
