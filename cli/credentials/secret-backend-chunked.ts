import { randomBytes } from "node:crypto";
import { localizedError } from "../terminal/language.js";
import type { SecretBackend, SecretBackendFactory } from "./secret-backend.js";

/**
 * One secret text over several keychain entries, for keychains that cap an entry's size (Windows
 * Credential Manager: 2,560 bytes, UTF-16, so 1,280 characters). A text that fits stays whole in the
 * head entry. A longer one goes to parts `<account>#<generation>.<i>`, written first, then the head
 * names them (`connectory-parts:1:<generation>:<count>`): the head's one write switches from the old
 * text to the new, and the old parts are deleted after. A document always starts with "{", so the
 * head's two forms cannot be mistaken for each other.
 */
const HEAD = "connectory-parts:1:";

export function chunkedBackend(
  open: SecretBackendFactory,
  head: SecretBackend,
  maxLength: number,
): SecretBackend {
  const partEntry = (generation: string, i: number) => ({
    service: head.service,
    account: `${head.account}#${generation}.${i}`,
  });
  const partsOf = (text: string | undefined): { generation: string; count: number } | undefined => {
    if (text === undefined || !text.startsWith(HEAD)) return undefined;
    const [generation, count] = text.slice(HEAD.length).split(":");
    const n = Number(count);
    if (!generation || !/^[0-9a-f]{1,32}$/.test(generation) || !Number.isInteger(n) || n < 1 || n > 10_000)
      throw localizedError(
        "credentials.keychain.invalid",
        {
          key: "keychain.head-invalid",
          params: { label: head.label, service: head.service, account: head.account },
        },
        { key: "keychain.entry-invalid-hint" },
      );
    return { generation, count: n };
  };
  const dropParts = async (parts: { generation: string; count: number } | undefined) => {
    if (!parts) return;
    for (let i = 0; i < parts.count; i++) await (await open(partEntry(parts.generation, i))).remove();
  };
  return {
    label: head.label,
    service: head.service,
    account: head.account,
    async read() {
      // Reads take no lock: a writer in another process may switch the head and delete the parts
      // between our reads. A missing part with a head that has changed since is that: read again.
      for (let attempt = 0; ; attempt++) {
        const text = await head.read();
        const parts = partsOf(text);
        if (!parts) return text;
        let whole: string | undefined = "";
        let missing = 0;
        for (let i = 0; i < parts.count && whole !== undefined; i++) {
          const part = await (await open(partEntry(parts.generation, i))).read();
          if (part === undefined) missing = i + 1;
          whole = part === undefined ? undefined : whole + part;
        }
        if (whole !== undefined) return whole;
        if (attempt < 3 && (await head.read()) !== text) continue;
        throw localizedError(
          "credentials.keychain.invalid",
          {
            key: "keychain.part-missing",
            params: {
              part: missing,
              count: parts.count,
              label: head.label,
              service: head.service,
              account: head.account,
            },
          },
          { key: "keychain.part-missing-hint" },
        );
      }
    },
    async write(text) {
      const old = partsOf(await head.read());
      if (text.length <= maxLength) await head.write(text);
      else {
        const generation = randomBytes(4).toString("hex");
        const parts = split(text, maxLength);
        for (const [i, part] of parts.entries()) await (await open(partEntry(generation, i))).write(part);
        await head.write(`${HEAD}${generation}:${parts.length}`);
      }
      await dropParts(old);
    },
    async remove() {
      const old = partsOf(await head.read());
      await dropParts(old);
      return head.remove();
    },
  };
}

/** Pieces of at most `max` UTF-16 units, never cutting a surrogate pair (a lone half would not survive). */
export function split(text: string, max: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + max, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff && end - 1 > at) end -= 1;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts;
}
