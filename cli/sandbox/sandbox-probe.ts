import { spawn } from "node:child_process";
import { findOnPath } from "../../src/fs/find-on-path.js";
import { findBwrap, findSandboxExec, INSTALL_HINT, MACOS_HINT } from "./sandbox-launch.js";

/** Whether servers can be sandboxed here, found by running the smallest sandbox (`doctor`). */
export interface SandboxProbe {
  available: boolean;
  detail: string;
}

/** Runs `bwrap --unshare-all --ro-bind / / true`: bwrap present, and user namespaces allowed. */
export async function probeSandbox(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  sandboxExecPath?: string,
): Promise<SandboxProbe> {
  if (platform === "darwin") return probeSeatbelt(sandboxExecPath);
  if (platform !== "linux")
    return {
      available: false,
      detail: `no sandbox on ${platform} yet: connectors that declare permissions start only after \`connectory sandbox off <connector>\``,
    };
  const bwrap = findBwrap(env);
  if (!bwrap) return { available: false, detail: `bubblewrap is not installed: ${INSTALL_HINT}` };
  const result = await runQuietly(bwrap, ["--unshare-all", "--ro-bind", "/", "/", "true"]);
  if (result.code === 0) {
    const socat = findOnPath("socat", { PATH: "/usr/bin:/bin:/usr/local/bin" }) ?? findOnPath("socat", env);
    const hosts = socat
      ? `host allowlists through socat (${socat})`
      : "socat is missing, so servers that declare a host list do not start (`sudo apt-get install socat`)";
    return { available: true, detail: `bubblewrap works (${bwrap}); ${hosts}` };
  }
  return {
    available: false,
    detail: `${bwrap} cannot create a sandbox here (${result.stderr.trim() || `exit ${result.code}`}); unprivileged user namespaces may be disabled (sysctl kernel.unprivileged_userns_clone, or AppArmor's restriction on Ubuntu 24.04)`,
  };
}

/**
 * macOS: `sandbox-exec -p '(version 1)(allow default)' /usr/bin/true` (sandbox-exec present, and it
 * can apply a profile). Untested on a real Mac.
 */
async function probeSeatbelt(candidate?: string): Promise<SandboxProbe> {
  const sandboxExec = findSandboxExec(candidate);
  if (!sandboxExec) return { available: false, detail: `sandbox-exec is missing: ${MACOS_HINT}` };
  const result = await runQuietly(sandboxExec, ["-p", "(version 1)(allow default)", "/usr/bin/true"]);
  if (result.code === 0)
    return {
      available: true,
      detail: `sandbox-exec works (${sandboxExec}); host allowlists through a proxy on 127.0.0.1 (the macOS sandbox is untested on a real Mac by this project's CI)`,
    };
  return {
    available: false,
    detail: `${sandboxExec} cannot apply a profile here (${result.stderr.trim().slice(0, 300) || `exit ${result.code}`})`,
  };
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
