import type { InactiveWhy } from "../../src/core/merge.js";
import { say, sayEnglish, type Said, type Speak } from "./language.js";

// Why a server is inactive, in words: src/core/merge.ts decides it as a code with its facts (no prose in
// the core); this file words it, in the run's language for text and in English for --json's `reason`.

/** The message of the tables that says `why`, with its placeholder values. */
export function whySaid(why: InactiveWhy): Said {
  switch (why.code) {
    case "connector-disabled":
      return { key: "why.connector-disabled", params: { connector: why.connector, ref: why.ref } };
    case "render-failed":
      return { key: "why.render-failed", params: { problem: why.problem } };
    case "sandbox-invalid":
      return { key: "why.sandbox-invalid", params: { problem: why.problem, ref: why.ref } };
    case "needs-consent": {
      const from = why.marketplace === "default" ? "" : ` --marketplace ${why.marketplace}`;
      return {
        key: "why.needs-consent",
        params: { connector: why.connector, version: why.version, ref: why.ref, from },
      };
    }
    case "needs-credentials":
      return { key: "why.needs-credentials", params: { missing: why.missing.join(", "), ref: why.ref } };
    case "manual-credentials-missing":
      return {
        key: "why.manual-credentials-missing",
        params: { missing: why.missing.join(", "), server: why.server },
      };
    case "untrusted":
      return { key: "why.untrusted", params: { server: why.server } };
    case "changed-since-trusted":
      return why.parts.length > 0
        ? { key: "why.changed-parts", params: { parts: why.parts.join(", "), server: why.server } }
        : { key: "why.changed", params: { server: why.server } };
    case "shadowed-by-manual":
      return { key: "why.shadowed-by-manual", params: { server: why.server, file: why.file } };
    case "shadowed-by-connector":
      return { key: "why.shadowed-by-connector", params: { server: why.server, owner: why.owner } };
  }
}

/** Why a server is inactive, in a speaker's words (undefined: it is active). */
export function inactiveReasonIn(s: { why?: InactiveWhy }, speak: Speak): string | undefined {
  if (!s.why) return undefined;
  const { key, params } = whySaid(s.why);
  return speak(key, params);
}

/** Why a server is inactive, in the run's language (undefined: it is active). */
export function inactiveReason(s: { why?: InactiveWhy }): string | undefined {
  return inactiveReasonIn(s, say);
}

/** Why a server is inactive, in English: the `reason` of --json documents. */
export function inactiveReasonEnglish(s: { why?: InactiveWhy }): string | undefined {
  return inactiveReasonIn(s, sayEnglish);
}

/** "<server> is <status>: <why>" in a speaker's words (the why left out when there is none). */
export function inactiveLine(s: { name: string; status: string; why?: InactiveWhy }, speak: Speak): string {
  const reason = inactiveReasonIn(s, speak);
  return reason === undefined
    ? speak("why.is", { server: s.name, status: s.status })
    : speak("why.is-because", { server: s.name, status: s.status, reason });
}

/** run's error about one inactive server, localized: the why already in the run's language. */
export function isInactive(s: { name: string; status: string; why?: InactiveWhy }): Said {
  const reason = inactiveReason(s);
  return reason
    ? { key: "why.server-is-because", params: { server: s.name, status: s.status, reason } }
    : { key: "why.server-is", params: { server: s.name, status: s.status } };
}
