import { isRemote } from "../types.js";
import { compact, genericSnippet, remoteKind, stdioFields } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** An input VS Code prompts for once and stores in its secret storage; used as `${input:id}`. */
interface VsCodeInput {
  type: "promptString";
  id: string;
  description: string;
  password: boolean;
}

/** VS Code: `servers` + `inputs[]` in mcp.json; `type` required; install link `vscode:mcp/install?<url-encoded JSON>`. */
export const vscode: HostAdapter = {
  id: "vscode",
  displayName: "VS Code",
  document: { format: "jsonc", container: ["servers"] },
  remote: { streamableHttp: true, sse: true },
  cwd: true,
  toEntry(_name, server) {
    if (isRemote(server)) {
      return compact({
        type: remoteKind(server) === "sse" ? "sse" : "http",
        url: server.url,
        headers: server.headers,
      });
    }
    return compact({ type: "stdio", ...stdioFields(server, true) });
  },
  envReference: (key) => `\${env:${key}}`,
  snippet(name, template, ctx) {
    const inputs: VsCodeInput[] = [];
    return genericSnippet(this, name, template, ctx, {
      reference(key) {
        const cred = ctx.credentials.find((c) => c.key === key);
        const id = `${name}-${key.toLowerCase().replace(/_/g, "-")}`;
        if (!inputs.some((i) => i.id === id)) {
          inputs.push({
            type: "promptString",
            id,
            description: cred?.title ?? cred?.description ?? key,
            password: cred?.secret ?? true,
          });
        }
        return {
          text: `\${input:${id}}`,
          how: `VS Code prompts for ${key} once and keeps it in its secret storage`,
        };
      },
      finishDocument: (document) => (inputs.length > 0 ? { inputs, ...document } : document),
    });
  },
  deeplink(name, entry, document) {
    const inputs = (document as { inputs?: unknown[] }).inputs;
    const payload = { name, ...entry, ...(inputs && inputs.length > 0 ? { inputs } : {}) };
    return `vscode:mcp/install?${encodeURIComponent(JSON.stringify(payload))}`;
  },
};
