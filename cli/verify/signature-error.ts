import { ConnectoryError } from "../../src/core/errors.js";
import { sayEnglish } from "../terminal/language.js";

/** The reasons a version's signature is refused (docs/cli.md, `install.signature.*`). */
export type SignatureFailure =
  | "missing"
  | "malformed"
  | "unknown-key"
  | "revoked"
  | "expired"
  | "invalid"
  | "mismatch"
  | "log-checkpoint"
  | "log-inconsistent"
  | "log-proof";

/** A coded refusal: `install.signature.<failure>`, saying what failed and what to do. */
export function signatureError(failure: SignatureFailure, label: string, what: string): ConnectoryError {
  // What failed is the verifier's own words (English); what to do is in the tables (messages-*-rare.ts).
  const hint = { key: `signature.${failure}` as const };
  return new ConnectoryError(`install.signature.${failure}`, `${label}: ${what}`, {
    hint: sayEnglish(hint.key),
    localized: { hint },
  });
}
