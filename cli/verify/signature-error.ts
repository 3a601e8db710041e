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

/** What to do about each failure: its key in the tables (messages-*-rare.ts). */
const WHAT_TO_DO = {
  missing: "signature.missing",
  malformed: "signature.malformed",
  "unknown-key": "signature.unknown-key",
  revoked: "signature.revoked",
  expired: "signature.expired",
  invalid: "signature.invalid",
  mismatch: "signature.mismatch",
  "log-checkpoint": "signature.log-checkpoint",
  "log-inconsistent": "signature.log-inconsistent",
  "log-proof": "signature.log-proof",
} as const satisfies Record<SignatureFailure, string>;

/** A coded refusal: `install.signature.<failure>`, saying what failed and what to do. */
export function signatureError(failure: SignatureFailure, label: string, what: string): ConnectoryError {
  // What failed is the verifier's own words (English); what to do is in the tables.
  const hint = { key: WHAT_TO_DO[failure] };
  return new ConnectoryError(`install.signature.${failure}`, `${label}: ${what}`, {
    hint: sayEnglish(hint.key),
    localized: { hint },
  });
}
