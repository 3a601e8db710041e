import type { AdminContext } from "../../src/admin/command.js";
import { runAdmin } from "../../src/admin/run-admin.js";

/** An in-process AdminContext over `env`; output is collected, and `stop(signal)` resolves untilStopped(). */
export function adminContext(env: Record<string, string | undefined>, now?: () => Date) {
  let stop: (signal: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const out = { stdout: "", stderr: "" };
  const ctx: AdminContext = {
    env,
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    now: now ?? (() => new Date()),
    version: "0.0.0-test",
    untilStopped: () => stopped,
  };
  return { ctx, out, stop: (signal: string) => stop(signal) };
}

/** Runs `connectory-registry <argv>` in-process against `databaseUrl`; returns its exit code and output. */
export async function runAdminCaptured(
  argv: string[],
  options: { databaseUrl: string; env?: Record<string, string | undefined>; now?: () => Date },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { ctx, out } = adminContext({ ...options.env, DATABASE_URL: options.databaseUrl }, options.now);
  const code = await runAdmin(argv, ctx);
  return { code, ...out };
}
