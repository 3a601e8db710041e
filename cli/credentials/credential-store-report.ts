import { ConnectoryError } from "../../src/core/errors.js";
import { describeCredentialStore } from "./credential-store-location.js";
import type { Said } from "../terminal/language.js";

/** `doctor`'s lines and --json `credentialStore` about where the credentials live, and why. */
export async function credentialStoreNote(home: string): Promise<{
  notes: Said[];
  data:
    Awaited<ReturnType<typeof describeCredentialStore>> | { store: "error"; code: string; message: string };
}> {
  try {
    const d = await describeCredentialStore(home);
    const notes: Said[] = [
      d.store === "keychain"
        ? { key: "doctor.store-keychain", params: { location: d.location } }
        : d.keychain
          ? { key: "doctor.store-file-keychain", params: { location: d.location, keychain: d.keychain } }
          : { key: "doctor.store-file", params: { location: d.location } },
    ];
    if (d.leftover) notes.push({ key: "doctor.store-leftover" });
    return { notes, data: d };
  } catch (error) {
    if (!(error instanceof ConnectoryError)) throw error;
    return {
      notes: [
        error.hint
          ? { key: "doctor.store-failed-hint", params: { message: error.message, hint: error.hint } }
          : { key: "doctor.store-failed", params: { message: error.message } },
      ],
      data: { store: "error", code: error.code, message: error.message },
    };
  }
}
