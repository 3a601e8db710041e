import { spawn } from "node:child_process";

/**
 * The command that opens `url`: `$BROWSER` when set (as git and Python's webbrowser read it: a command,
 * `%s` standing for the URL or the URL appended; several separated by ":" are tried in order), else
 * the platform's opener. Never through a shell.
 */
export function browserCommands(
  url: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): Array<{ command: string; args: string[] }> {
  if (env.BROWSER && env.BROWSER.trim() !== "") {
    return env.BROWSER.split(platform === "win32" ? ";" : ":")
      .map((entry) => entry.trim().split(/\s+/).filter(Boolean))
      .filter((words) => words.length > 0)
      .map(([command, ...args]) => {
        const hasSlot = args.some((a) => a.includes("%s"));
        return {
          command: command!,
          args: hasSlot ? args.map((a) => a.replaceAll("%s", url)) : [...args, url],
        };
      });
  }
  if (platform === "darwin") return [{ command: "open", args: [url] }];
  if (platform === "win32") return [{ command: "rundll32", args: ["url.dll,FileProtocolHandler", url] }];
  return [{ command: "xdg-open", args: [url] }];
}

/** Opens `url` in a browser; false when no opener could be started (the caller prints the URL). */
export async function openBrowser(
  url: string,
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): Promise<boolean> {
  for (const { command, args } of browserCommands(url, env, platform)) {
    const started = await new Promise<boolean>((resolve) => {
      const child = spawn(command, args, { stdio: "ignore", detached: true, env: env as NodeJS.ProcessEnv });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    });
    if (started) return true;
  }
  return false;
}
