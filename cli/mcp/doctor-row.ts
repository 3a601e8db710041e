import type { ExplainedServer } from "../../src/core/merge.js";
import { formatDrift } from "../../src/core/tools/drift.js";
import { exportCommand, fileLabel, type HostExport } from "../hosts/host-exports.js";
import type { PathWorld } from "../hosts/host-paths.js";
import type { ServerTools } from "./server-tools.js";
import { sayEnglish, type Speak } from "../terminal/language.js";

// One active server's row of `connectory doctor`: did it start, answer the handshake, list its tools,
// match its pinned tools, and is it in every host file it was exported to.

export type Level = "ok" | "warn" | "fail" | "skip";
export interface Check {
  status: Level;
  detail?: string;
}
export const CHECKS = ["starts", "handshake", "tools", "pins", "credentials", "hosts"] as const;
export type Row = {
  server: string;
  origin: ExplainedServer["origin"];
  ok: boolean;
  problems: string[];
} & Record<(typeof CHECKS)[number], Check>;

/**
 * The row of a server whose tools were listed (or that failed on the way), in a speaker's words: doctor
 * builds it in English for --json and in the run's language for its text.
 */
export function serverRow(
  entry: ServerTools,
  missingHosts: Map<string, HostExport[]> | undefined,
  hide: (t: string) => string,
  world: PathWorld,
  speak: Speak,
): Row {
  const name = entry.server.name;
  const base = { server: name, origin: entry.server.origin, credentials: { status: "ok" as Level } };
  const missing = missingHosts?.get(name);
  const hosts: Check = !missingHosts
    ? { status: "skip" }
    : missing
      ? {
          status: "fail",
          detail: speak("doctor.cell-missing-in", {
            hosts: [...new Set(missing.map((e) => e.host))].join(", "),
          }),
        }
      : { status: "ok" };
  const problems = (missing ?? []).map((e) =>
    speak("doctor.not-in", { file: fileLabel(e, speak), command: exportCommand(e, world) }),
  );
  if (!entry.ok) {
    const order = ["start", "handshake", "tools"] as const;
    const at = order.indexOf(entry.stage);
    const check = (i: number): Check =>
      i < at
        ? { status: "ok" }
        : i === at
          ? { status: "fail", detail: entry.error.code }
          : { status: "skip" };
    // English for --json (built with sayEnglish), the run's language for the text.
    const words = speak === sayEnglish ? entry.error : entry.text;
    problems.unshift(`${words.message}${words.hint ? `\n${words.hint}` : ""}`);
    return {
      ...base,
      ok: false,
      problems,
      starts: check(0),
      handshake: check(1),
      tools: check(2),
      pins: { status: "skip" },
      hosts,
    };
  }
  let pins: Check;
  if (entry.pins.status === "match") pins = { status: "ok" };
  else if (entry.pins.status === "unpinned") {
    pins = { status: "warn", detail: speak("doctor.cell-not-pinned") };
    problems.push(speak("doctor.not-pinned", { server: name }));
  } else {
    pins = { status: "fail", detail: "DRIFT" };
    problems.push(
      speak("doctor.drift", { date: entry.pins.pinnedAt, server: name }),
      ...formatDrift(entry.pins.drift, hide),
    );
  }
  const ok = pins.status !== "fail" && hosts.status !== "fail";
  return {
    ...base,
    ok,
    problems,
    starts: { status: "ok" },
    handshake: { status: "ok" },
    tools: { status: "ok", detail: String(entry.tools.length) },
    pins,
    hosts,
  };
}

/** A check as a table cell: ok, warn, FAIL (with its detail) or - (skipped). */
export function cell(c: Check): string {
  const word = c.status === "skip" ? "-" : c.status === "ok" ? "ok" : c.status === "warn" ? "warn" : "FAIL";
  return c.detail ? `${word} ${c.detail}` : word;
}
