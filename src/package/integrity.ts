import { createHash } from "node:crypto";

/** The digests a registry and installer agree on (docs/package-format.md): SRI sha512 and hex sha256 of the exact bytes. */
export interface Integrity {
  integrity: string;
  sha256: string;
  size: number;
}

/** SRI `sha512-<base64>`, sha256 hex and byte size of a tarball. */
export function computeIntegrity(bytes: Uint8Array): Integrity {
  return {
    integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    size: bytes.byteLength,
  };
}
