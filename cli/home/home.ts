import path from "node:path";

/** Every file of $CONNECTORY_HOME (docs/cli.md). */
export function homePaths(home: string) {
  return {
    home,
    mcpJson: path.join(home, "mcp.json"),
    marketplaces: path.join(home, "marketplaces.json"),
    credentials: path.join(home, "credentials.json"),
    trust: path.join(home, "trust.json"),
    pins: path.join(home, "pins.json"),
    hostState: path.join(home, "hosts.json"),
    skillState: path.join(home, "skills.json"),
    /** Which connectors `connectory sync` installed for which project folder. */
    projects: path.join(home, "projects.json"),
    backups: path.join(home, "backups"),
    plugins: path.join(home, "plugins"),
    installed: path.join(home, "plugins", "installed.json"),
    cacheRoot: path.join(home, "plugins", "cache"),
    bundles: path.join(home, "plugins", "bundles"),
  };
}

/** plugins/bundles/<sha256>: an MCPB package of an mcp.json 2 launch, verified and unpacked. */
export function bundleDir(home: string, sha256: string): string {
  return path.join(homePaths(home).bundles, sha256);
}

/** plugins/cache/<marketplace>/<name>/<version>: an unpacked package (read-only once written). */
export function cacheDir(home: string, marketplace: string, name: string, version: string): string {
  return path.join(homePaths(home).cacheRoot, marketplace, name, version);
}

/** The key of an installed connector in installed.json and credentials.json. */
export function connectorKey(name: string, marketplace: string): string {
  return `${name}@${marketplace}`;
}
