import { launchesOf } from "../launch/launches.js";
import type { ServerSpec } from "../types.js";
import { formatDocument } from "./format-document.js";
import { genericSnippet, speaks } from "./shared.js";
import type { HostAdapter, Snippet, SnippetContext } from "./types.js";

/** A pasteable snippet (plus deeplink where the host has one) for one server template; never holds a secret value. */
export function hostSnippet(
  adapter: HostAdapter,
  name: string,
  template: ServerSpec,
  ctx: SnippetContext,
): Snippet {
  // mcp.json 2 alternatives: a snippet knows the host, not the machine, so it takes the first launch the
  // host runs as written (else the first, through `connectory run`).
  const launches = launchesOf(template);
  const chosen = (launches.find((l) => speaks(adapter, l as ServerSpec)) ?? launches[0]!) as ServerSpec;
  const built = adapter.snippet
    ? adapter.snippet(name, chosen, ctx)
    : genericSnippet(adapter, name, chosen, ctx);
  const { host, document, ...rest } = built;
  return { host, document, text: formatDocument(adapter.document?.format ?? "json", document), ...rest };
}
