import { ConnectoryError } from "../../src/core/errors.js";

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

const WHAT_TO_DO: Record<SignatureFailure, string> = {
  missing:
    "the registry did not sign it: nothing was installed; ask the marketplace operator, or use another marketplace",
  malformed:
    "the registry sent a damaged signature: nothing was installed; try again later or report it to the marketplace operator",
  "unknown-key":
    "it is signed by a key you never pinned: if the operator rotated keys without a chain, check the new fingerprint with them, then run `connectory marketplace add <name> <url> --key <fingerprint>`",
  revoked:
    "the key that signed it was revoked: nothing was installed; wait until the operator re-signs it, and report it",
  expired:
    "the key that signed it had expired when it was signed: nothing was installed; report it to the marketplace operator",
  invalid:
    "the signature does not verify: the version or its documents were altered (a tampered database, storage or mirror); nothing was installed; report it to the marketplace operator",
  mismatch:
    "what was downloaded is not what the registry signed (a swapped tarball or rewritten documents); nothing was installed; report it to the marketplace operator",
  "log-checkpoint":
    "the transparency log's checkpoint is not signed by a pinned key: nothing was installed; report it to the marketplace operator",
  "log-inconsistent":
    "the marketplace's transparency log is not consistent with the history you saw before (rewritten or forked): every install from it stops; report it, and run `connectory log verify <marketplace>` to check",
  "log-proof":
    "the version is not in the marketplace's transparency log: nothing was installed; report it to the marketplace operator",
};

/** A coded refusal: `install.signature.<failure>`, saying what failed and what to do. */
export function signatureError(failure: SignatureFailure, label: string, what: string): ConnectoryError {
  return new ConnectoryError(`install.signature.${failure}`, `${label}: ${what}`, {
    hint: WHAT_TO_DO[failure],
  });
}
