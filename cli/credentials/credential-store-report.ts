import { ConnectoryError } from "../../src/core/errors.js";
import { describeCredentialStore } from "./credential-store-location.js";

/** `doctor`'s lines and --json `credentialStore` about where the credentials live, and why. */
export async function credentialStoreNote(home: string): Promise<{
  notes: string[];
  data:
    Awaited<ReturnType<typeof describeCredentialStore>> | { store: "error"; code: string; message: string };
}> {
  try {
    const d = await describeCredentialStore(home);
    const notes = [
      d.store === "keychain"
        ? `credentials: in ${d.location}`
        : `credentials: in ${d.location}${d.keychain ? `; keychain: ${d.keychain}` : ""}`,
    ];
    if (d.leftover)
      notes.push(
        "WARN credentials: a copy left in the OS keychain by a move to credentials.json is still to be deleted (the keychain did not answer); the next command that reaches it deletes it",
      );
    return { notes, data: d };
  } catch (error) {
    if (!(error instanceof ConnectoryError)) throw error;
    return {
      notes: [`FAIL credentials: ${error.message}${error.hint ? ` (${error.hint})` : ""}`],
      data: { store: "error", code: error.code, message: error.message },
    };
  }
}
