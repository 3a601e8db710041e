import { ConnectoryError } from "../../src/core/errors.js";

/**
 * One secret text kept outside the home folder: an OS keychain entry (cli/credentials/secret-backend-keychain.ts)
 * or, in tests, memory. The credential store keeps its whole JSON document in one such entry.
 */
export interface SecretBackend {
  /** What holds it, for messages and `doctor`: "the OS keychain (Secret Service)". */
  readonly label: string;
  readonly service: string;
  readonly account: string;
  /** The stored text, or undefined when there is none. */
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
  /** True when an entry was there and is gone now. */
  remove(): Promise<boolean>;
}

/** Opens the entry of one account, or throws a coded error saying why it cannot be used. */
export type SecretBackendFactory = (entry: { service: string; account: string }) => Promise<SecretBackend>;

/**
 * The in-memory twin: entries live in `entries` (shared between the backends it opens, as one keychain
 * is between processes). `fail` makes the named operation throw, for the failure paths of migrations.
 */
export function memorySecretBackends(
  entries = new Map<string, string>(),
  fail: { read?: boolean; write?: boolean; remove?: boolean; open?: ConnectoryError } = {},
): SecretBackendFactory & { entries: Map<string, string>; fail: typeof fail } {
  const broken = (op: string) =>
    new ConnectoryError("credentials.keychain.failed", `the keychain refused to ${op} (test)`);
  const factory = async ({ service, account }: { service: string; account: string }) => {
    if (fail.open) throw fail.open;
    const key = `${service}\n${account}`;
    return {
      label: "the memory keychain",
      service,
      account,
      async read() {
        if (fail.read) throw broken("read");
        return entries.get(key);
      },
      async write(text: string) {
        if (fail.write) throw broken("write");
        entries.set(key, text);
      },
      async remove() {
        if (fail.remove) throw broken("remove");
        return entries.delete(key);
      },
    };
  };
  return Object.assign(factory, { entries, fail });
}
