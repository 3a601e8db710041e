import { otelConfig } from "./otel-env.js";
import type { Telemetry } from "./telemetry.js";

/**
 * The process's telemetry when OTEL_* variables ask for it, else undefined: the exporter module is
 * imported only then, so a CLI or registry without them loads and runs none of it.
 */
export async function loadTelemetry(
  env: Record<string, string | undefined>,
  service: string,
  version: string,
  log: (message: string) => void,
): Promise<Telemetry | undefined> {
  const config = otelConfig(env, service, log);
  if (!config) return undefined;
  const { Telemetry } = await import("./telemetry.js");
  return new Telemetry(config, version, log);
}
