import { localizedError, say } from "./language.js";

// The words of `connectory tools` that more than one of its lines use, in the run's language.

/** The headers of the tools table. */
export const TOOLS_HEADERS = ["tools.h-function", "tools.h-server", "tools.h-description"] as const;

/** "3 tools", "1 tool". */
export const toolCount = (n: number) => say(n === 1 ? "tools.n-tool" : "tools.n-tools", { n });

/** "2 servers", "1 server". */
export const serverCount = (n: number) => say(n === 1 ? "tools.n-server" : "tools.n-servers", { n });

/** " in profile <name>" after a server, or nothing. */
export const inProfile = (profile: string | undefined) =>
  profile ? say("tools.in-profile", { profile }) : "";

/** The error for a server not in the effective set. */
export const unknownServer = (server: string) =>
  localizedError(
    "tools.server.unknown",
    { key: "tools.unknown", params: { server } },
    { key: "tools.unknown-hint" },
  );
