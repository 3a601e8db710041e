import { spawn } from "node:child_process";
import { findOnPath } from "../../src/fs/find-on-path.js";
import { sayBoth, type Speak } from "../terminal/language.js";
import { findBwrap, findSandboxExec } from "./sandbox-launch.js";

/** Whether servers can be sandboxed here, found by running the smallest sandbox (`doctor`). */
export interface SandboxProbe {
  available: boolean;
  /** In English (doctor's --json). */
  detail: string;
  /** The same in the run's language (doctor's text). */
  text: string;
}

/** A probe's finding, worded twice (English for --json, the run's language for text). */
function found(available: boolean, line: (speak: Speak) => string): SandboxProbe {
  const { en, text } = sayBoth(line);
  return { available, detail: en, text };
}

/** Runs `bwrap --unshare-all --ro-bind / / true`: bwrap present, and user namespaces allowed. */
export async function probeSandbox(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  sandboxExecPath?: string,
): Promise<SandboxProbe> {
  if (platform === "darwin") return probeSeatbelt(sandboxExecPath);
  if (platform !== "linux") return found(false, (t) => t("sandbox.no-platform", { platform }));
  const bwrap = findBwrap(env);
  if (!bwrap) return found(false, (t) => t("sandbox.no-bwrap"));
  const result = await runQuietly(bwrap, ["--unshare-all", "--ro-bind", "/", "/", "true"]);
  if (result.code === 0) {
    const socat = findOnPath("socat", { PATH: "/usr/bin:/bin:/usr/local/bin" }) ?? findOnPath("socat", env);
    return found(true, (t) =>
      socat ? t("sandbox.bwrap-socat", { bwrap, socat }) : t("sandbox.bwrap-no-socat", { bwrap }),
    );
  }
  const why = result.stderr.trim() || `exit ${result.code}`;
  return found(false, (t) => t("sandbox.bwrap-fails", { bwrap, why }));
}

/**
 * macOS: `sandbox-exec -p '(version 1)(allow default)' /usr/bin/true` (sandbox-exec present, and it
 * can apply a profile). Untested on a real Mac.
 */
async function probeSeatbelt(candidate?: string): Promise<SandboxProbe> {
  const sandboxExec = findSandboxExec(candidate);
  if (!sandboxExec) return found(false, (t) => t("sandbox.no-seatbelt"));
  const result = await runQuietly(sandboxExec, ["-p", "(version 1)(allow default)", "/usr/bin/true"]);
  if (result.code === 0) return found(true, (t) => t("sandbox.seatbelt-works", { sandboxExec }));
  const why = result.stderr.trim().slice(0, 300) || `exit ${result.code}`;
  return found(false, (t) => t("sandbox.seatbelt-fails", { sandboxExec, why }));
}

function runQuietly(command: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.once("error", (e) => resolve({ code: null, stderr: e.message }));
    child.once("close", (code) => resolve({ code, stderr }));
  });
}
