import { ConnectoryError } from "../errors.js";

// Official names: `<namespace>/<connector>` for a connector with one server, `<namespace>/<connector>.<server>`
// otherwise. A connector name has no dot, so the first dot after the slash always ends it.

/** The namespace when REGISTRY_NAMESPACE is not set. */
export const DEFAULT_NAMESPACE = "dev.connectory";

// Reverse-DNS: at least two labels of letters, digits and inner hyphens; short enough that the longest
// name (64-char connector, 64-char server) stays within the schema's 200 characters.
const NAMESPACE =
  /^(?=.{3,64}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)+$/;
const CONNECTOR = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
const SERVER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Throws `official.namespace.invalid` unless `namespace` is reverse-DNS (e.g. com.example.registry). */
export function checkNamespace(namespace: string): string {
  if (!NAMESPACE.test(namespace)) {
    throw new ConnectoryError(
      "official.namespace.invalid",
      `REGISTRY_NAMESPACE "${namespace.slice(0, 80)}" is not a reverse-DNS name`,
      { hint: "use your registry's domain reversed, 3-64 characters, e.g. com.example.registry" },
    );
  }
  return namespace;
}

/** The official name of one server of a connector. */
export function officialName(namespace: string, connector: string, server: string, servers: number): string {
  return servers === 1 ? `${namespace}/${connector}` : `${namespace}/${connector}.${server}`;
}

/** The connector (and server, for a multi-server connector) an official name points at; undefined if none can. */
export function parseOfficialName(
  namespace: string,
  name: string,
): { connector: string; server?: string } | undefined {
  if (!name.startsWith(`${namespace}/`)) return undefined;
  const rest = name.slice(namespace.length + 1);
  const dot = rest.indexOf(".");
  const connector = dot === -1 ? rest : rest.slice(0, dot);
  if (!CONNECTOR.test(connector)) return undefined;
  if (dot === -1) return { connector };
  const server = rest.slice(dot + 1);
  return SERVER.test(server) ? { connector, server } : undefined;
}
