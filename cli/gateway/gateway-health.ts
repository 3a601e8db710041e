import { readGatewayStates } from "./gateway-state.js";
import { sayEnglish, type Speak } from "../terminal/language.js";

/**
 * One line per running gateway for `doctor`: how many of its servers run, and which crashed (WARN:
 * a crashed server starts again on its next use, so it is not a failure by itself).
 */
export async function gatewayNotes(home: string): Promise<Array<(speak: Speak) => string>> {
  const states = await readGatewayStates(home);
  return states.map((g) => (speak: Speak) => {
    const servers = Object.entries(g.servers);
    const crashed = servers.filter(([, h]) => h.state === "crashed");
    const params = {
      pid: g.pid,
      client: g.client ? speak("doctor.gateway-client", { client: g.client.name }) : "",
      running: servers.filter(([, h]) => h.state === "running").length,
      total: servers.length,
    };
    if (crashed.length === 0) return speak("doctor.gateway", params);
    const which = crashed.map(([server, h]) =>
      speak("doctor.gateway-crash", {
        server,
        error: h.lastError === undefined ? speak("doctor.crashed") : lastErrorText(h.lastError, speak),
        restarts: h.restarts,
      }),
    );
    return speak("doctor.gateway-crashed", { ...params, crashed: which.join("; ") });
  });
}

/**
 * A server's last error as recorded (English, in the state file that `gateway status --json` reads), in
 * the speaker's language when it is the gateway's own words ("the server exited"); else as recorded.
 */
export function lastErrorText(lastError: string, speak: Speak): string {
  return lastError === sayEnglish("gateway-log.exited") ? speak("gateway-log.exited") : lastError;
}
