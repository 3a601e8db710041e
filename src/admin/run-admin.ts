import { ConnectoryError } from "../core/errors.js";
import type { AdminContext } from "./command.js";
import { ADMIN_COMMANDS } from "./commands.js";

/** `connectory-registry --help`: the command table, one line each. */
export function adminUsage(): string {
  const width = Math.max(...Object.keys(ADMIN_COMMANDS).map((name) => name.length)) + 3;
  const rows = Object.entries(ADMIN_COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`);
  return `Usage: connectory-registry <command> [options]

The Connectory registry's operator command (the connectory-registry package). In a checkout of the
repository, after \`npm run build\`: \`npx connectory-registry <command>\`, or
\`npm run --silent registry -- <command>\` (--silent keeps npm's banner off stdout).

Commands:
${rows.join("\n")}

Run \`connectory-registry <command> --help\` for a command's options and environment;
\`connectory-registry --version\` prints the version.
Exit codes: 0 ok, 1 failure, 2 usage error.
`;
}

/**
 * Runs `connectory-registry <command> …`: picks the command from the table, answers `--help`, and
 * translates errors once (a ConnectoryError is its message and hint; anything else is a bug).
 */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<number> {
  const [name, ...args] = argv;
  const help = (arg: string) => arg === "--help" || arg === "-h";
  if (name === undefined || help(name)) {
    (name === undefined ? ctx.stderr : ctx.stdout)(adminUsage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    ctx.stdout(`${ctx.version}\n`);
    return 0;
  }
  const command = Object.hasOwn(ADMIN_COMMANDS, name) ? ADMIN_COMMANDS[name] : undefined;
  if (!command) {
    ctx.stderr(
      `error: unknown command "${name.slice(0, 40)}"\n  commands: ${Object.keys(ADMIN_COMMANDS).join(", ")}; run \`connectory-registry --help\`\n`,
    );
    return 2;
  }
  if (args.some(help)) {
    ctx.stdout(`${command.usage}\n`);
    return 0;
  }
  try {
    const { run } = await command.load();
    return await run(args, ctx);
  } catch (error) {
    if (error instanceof ConnectoryError) {
      ctx.stderr(`error: ${error.message}\n${error.hint ? `  ${error.hint}\n` : ""}`);
      return error.usage ? 2 : 1;
    }
    ctx.stderr(`error: unexpected failure (a bug): ${String((error as Error)?.stack ?? error)}\n`);
    return 1;
  }
}
