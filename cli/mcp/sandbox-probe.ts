import { spawn } from "node:child_process";
import { findBwrap, findOnPath, INSTALL_HINT } from "./sandbox-launch.js";

/** Whether servers can be sandboxed here, found by running the smallest sandbox (`doctor`). */
export interface SandboxProbe {
  available: boolean;
  detail: string;
}

/** Runs `bwrap --unshare-all --ro-bind / / true`: bwrap present, and user namespaces allowed. */
export async function probeSandbox(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): Promise<SandboxProbe> {
  if (platform !== "linux")
    return {
      available: false,
      detail: `no sandbox on ${platform} yet: connectors that declare permissions start only after \`connectory sandbox off <connector>\``,
    };
  const bwrap = findBwrap(env);
  if (!bwrap) return { available: false, detail: `bubblewrap is not installed: ${INSTALL_HINT}` };
  const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(bwrap, ["--unshare-all", "--ro-bind", "/", "/", "true"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.once("error", (e) => resolve({ code: null, stderr: e.message }));
    child.once("close", (code) => resolve({ code, stderr }));
  });
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
