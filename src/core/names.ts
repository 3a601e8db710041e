// The name rules of docs/package-format.md#names-and-display-names, one owner each: the registry checks them on every route, the CLI before a
// name becomes a folder under plugins/cache, the package validators and the fast server-set reader alike.

/** Connector, publisher and marketplace names: 1–64 lower-case letters, digits and inner hyphens. */
export const NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** A server's name in mcp.json. */
export const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
