import { createHash, type KeyObject } from "node:crypto";
import { signBytes, verifyBytes } from "../signing/keys.js";

// Checkpoints in the C2SP tlog-checkpoint format, signed as C2SP signed notes with Ed25519
// (https://github.com/C2SP/C2SP/blob/main/tlog-checkpoint.md, signed-note.md):
//
//   <origin>\n<tree size>\n<base64 root hash>\n\n— <key name> <base64(key hash ‖ signature)>\n
//
// The key name is the origin; the key hash is the first 4 bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ key).

/** A checkpoint's body. */
export interface Checkpoint {
  origin: string;
  size: number;
  /** The root hash of the tree of `size` leaves. */
  root: Uint8Array;
}

/** One signature line of a signed note. */
export interface NoteSignature {
  name: string;
  keyHash: Uint8Array;
  sig: string;
}

const MAX_NOTE = 4096;

/** The note text a checkpoint signature covers (ends with a newline). */
export function checkpointBody(c: Checkpoint): string {
  return `${c.origin}\n${c.size}\n${Buffer.from(c.root).toString("base64")}\n`;
}

/** The 4-byte key hash of an Ed25519 note key (C2SP signed-note). */
export function noteKeyHash(name: string, rawPublicKey: Uint8Array): Uint8Array {
  const hash = createHash("sha256")
    .update(`${name}\n`, "utf8")
    .update(Uint8Array.of(1))
    .update(rawPublicKey)
    .digest();
  return hash.subarray(0, 4);
}

/** The signed note of a checkpoint. */
export function signCheckpoint(c: Checkpoint, key: KeyObject, rawPublicKey: Uint8Array): string {
  const body = checkpointBody(c);
  const sig = Buffer.from(signBytes(key, new TextEncoder().encode(body)), "base64");
  const blob = Buffer.concat([noteKeyHash(c.origin, rawPublicKey), sig]).toString("base64");
  return `${body}\n\u2014 ${c.origin} ${blob}\n`;
}

/** Parses a signed checkpoint; undefined with the reason when it is not one. */
export function parseCheckpoint(text: string): {
  checkpoint?: Checkpoint;
  body?: string;
  signatures?: NoteSignature[];
  problem?: string;
} {
  if (text.length > MAX_NOTE) return { problem: `it is longer than ${MAX_NOTE} characters` };
  const cut = text.indexOf("\n\n");
  if (cut < 0) return { problem: "it has no signature block" };
  const body = text.slice(0, cut + 1);
  const lines = body.split("\n");
  const [origin, sizeText, rootText] = lines;
  if (!origin || !sizeText || !rootText) return { problem: "it lacks an origin, a size or a root hash line" };
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText)) return { problem: "its tree size is not a number" };
  const root = Buffer.from(rootText, "base64");
  if (root.length !== 32 || root.toString("base64") !== rootText)
    return { problem: "its root hash is not 32 bytes of base64" };
  const signatures: NoteSignature[] = [];
  for (const line of text.slice(cut + 2).split("\n")) {
    if (line === "") continue;
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!match) return { problem: "a signature line is malformed" };
    const raw = Buffer.from(match[2]!, "base64");
    if (raw.length < 5) return { problem: "a signature is too short" };
    signatures.push({
      name: match[1]!,
      keyHash: raw.subarray(0, 4),
      sig: raw.subarray(4).toString("base64"),
    });
  }
  return { checkpoint: { origin, size: Number(sizeText), root }, body, signatures };
}

/** True when one of the note's signatures is `key`'s (named `origin`) over its body. */
export function checkpointSignedBy(
  parsed: { body: string; signatures: NoteSignature[]; checkpoint: Checkpoint },
  key: KeyObject,
  rawPublicKey: Uint8Array,
): boolean {
  const hash = noteKeyHash(parsed.checkpoint.origin, rawPublicKey);
  return parsed.signatures.some(
    (s) =>
      s.name === parsed.checkpoint.origin &&
      Buffer.from(s.keyHash).equals(hash) &&
      verifyBytes(key, new TextEncoder().encode(parsed.body), s.sig),
  );
}
