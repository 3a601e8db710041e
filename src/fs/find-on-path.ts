import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

// The one PATH search of the CLI: the sandbox looks up a server's command and its own tools (bwrap,
// socat), `mcp add` and `config export` check whether a command is there. It answers as execvp would:
// the first regular, executable file; PATH unset means the system default; on Windows the names PATHEXT
// adds, with PATH spelled in any case.

/** The POSIX default search path when PATH is unset (what execvp uses). */
export const DEFAULT_PATH = "/usr/bin:/bin";

/** The file a shell would run for `command` from env's PATH, or undefined. */
export function findOnPath(
  command: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const windows = platform === "win32";
  const value = (name: string) =>
    windows ? Object.entries(env).find(([k]) => k.toUpperCase() === name)?.[1] : env[name];
  const dirs = (value("PATH") ?? (windows ? "" : DEFAULT_PATH))
    .split(windows ? ";" : ":")
    .filter((d) => d !== "");
  const exts = windows ? ["", ...(value("PATHEXT") ?? ".COM;.EXE;.BAT;.CMD").split(";")] : [""];
  for (const dir of dirs) {
    for (const ext of exts) {
      const file = path.join(dir, command + ext);
      try {
        if (!statSync(file).isFile()) continue;
        if (!windows) accessSync(file, constants.X_OK);
        return file;
      } catch {
        // missing or not executable: keep looking
      }
    }
  }
  return undefined;
}
