import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { ConnectoryError } from "../../core/errors.js";
import { PROOF_PATH } from "../../core/publishers/challenge.js";
import { isPublicAddress } from "../address-guard.js";

// Fetches a domain's proof file as a careful checker does: the name is resolved once, every address must
// be public (no loopback, private, link-local or metadata address), the connection goes to the checked
// address (no second lookup a rebinding DNS could answer differently), redirects are not followed, and
// the whole exchange has a deadline and a size cap.

/** The largest proof file read (a proof is one short line; other registries' lines may sit beside it). */
export const MAX_PROOF_BYTES = 4096;
/** The deadline of the whole fetch: lookup, connection, TLS, headers and body. */
export const PROOF_TIMEOUT_MS = 5000;

export interface ProofFetchOptions {
  /**
   * Test only (PUBLISHER_PROOF_BASE_URL): fetch `<baseUrl>/.well-known/connectory-publisher` with
   * `Host: <domain>` instead of https://<domain>; the address check is skipped for it.
   */
  baseUrl?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Every address of a name (default node:dns lookup); tests hand in a double. */
  lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

const failed = (domain: string, why: string, hint?: string) =>
  new ConnectoryError("publisher.proof.failed", `https://${domain}${PROOF_PATH}: ${why}`, {
    status: 422,
    hint:
      hint ??
      `serve the proof line at https://${domain}${PROOF_PATH} (HTTPS, status 200, no redirect), then verify again`,
  });

/** The proof file's text, or `publisher.proof.failed` / `publisher.proof.blocked` saying why there is none. */
export async function fetchProofFile(domain: string, options: ProofFetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? PROOF_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_PROOF_BYTES;
  const deadline = AbortSignal.timeout(timeoutMs);
  let target: { url: URL; pinned?: { address: string; family: number } };
  if (options.baseUrl !== undefined) {
    target = { url: new URL(PROOF_PATH, options.baseUrl) };
  } else {
    const lookup = options.lookup ?? ((host) => dnsLookup(host, { all: true, verbatim: true }));
    let addresses: Array<{ address: string; family: number }>;
    try {
      addresses = await withDeadline(lookup(domain), deadline);
    } catch (error) {
      if (deadline.aborted) throw failed(domain, `no answer within ${timeoutMs} ms`);
      throw failed(
        domain,
        `${domain} does not resolve (${(error as NodeJS.ErrnoException).code ?? "lookup failed"})`,
      );
    }
    if (addresses.length === 0) throw failed(domain, `${domain} does not resolve`);
    const inner = addresses.find((a) => !isPublicAddress(a.address));
    if (inner) {
      throw new ConnectoryError(
        "publisher.proof.blocked",
        `${domain} resolves to ${inner.address}, a loopback, private or reserved address: the registry does not fetch from there`,
        {
          status: 422,
          hint: "serve the proof from the domain's public address, or prove the domain with a DNS TXT record",
        },
      );
    }
    target = { url: new URL(`https://${domain}${PROOF_PATH}`), pinned: addresses[0]! };
  }
  return get(domain, target, { deadline, timeoutMs, maxBytes });
}

function withDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(deadline.reason);
    if (deadline.aborted) return abort();
    deadline.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", abort));
  });
}

function get(
  domain: string,
  target: { url: URL; pinned?: { address: string; family: number } },
  limits: { deadline: AbortSignal; timeoutMs: number; maxBytes: number },
): Promise<string> {
  const { url, pinned } = target;
  const client = url.protocol === "http:" ? http : https;
  // Connect to the address that was checked, whatever a second lookup would say.
  const lookup: LookupFunction | undefined = pinned
    ? (_host, opts, callback) => {
        if ((opts as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      }
    : undefined;
  return new Promise<string>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "GET",
        headers: { host: domain, accept: "text/plain", "user-agent": "connectory-registry (domain proof)" },
        signal: limits.deadline,
        ...(lookup ? { lookup } : {}),
        ...(pinned ? { servername: domain } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          return reject(
            failed(domain, `answered ${status} (a redirect): the proof must be served at that URL itself`),
          );
        }
        if (status !== 200) {
          res.destroy();
          return reject(failed(domain, `answered ${status}, not 200`));
        }
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          res.destroy();
          return reject(
            failed(domain, `the file is ${declared} bytes, more than the ${limits.maxBytes} read`),
          );
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > limits.maxBytes) {
            res.destroy();
            reject(failed(domain, `the file is more than the ${limits.maxBytes} bytes read`));
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", (error) => reject(reason(domain, error, limits)));
      },
    );
    req.on("error", (error) => reject(reason(domain, error, limits)));
    req.end();
  });
}

function reason(
  domain: string,
  error: Error,
  limits: { deadline: AbortSignal; timeoutMs: number },
): ConnectoryError {
  if (limits.deadline.aborted) return failed(domain, `no complete answer within ${limits.timeoutMs} ms`);
  const code = (error as NodeJS.ErrnoException).code;
  return failed(domain, `the request failed (${code ?? error.message.slice(0, 120)})`);
}
