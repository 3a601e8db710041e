import { AGENT_SKILLS, defineHost, ENV_REFERENCE, SPEAKS } from "./define-host.js";
import { genericSnippet } from "./shared.js";
import type { HostAdapter } from "./types.js";

/** An input VS Code prompts for once and stores in its secret storage; used as `${input:id}`. */
interface VsCodeInput {
  type: "promptString";
  id: string;
  description: string;
  password: boolean;
}

/** VS Code: `servers` + `inputs[]` in mcp.json; `type` required; install link `vscode:mcp/install?<url-encoded JSON>`. */
export const vscode: HostAdapter<"vscode"> = defineHost({
  id: "vscode",
  displayName: "VS Code",
  configFiles: { user: [["app", "Code", "User", "mcp.json"]], project: [[".vscode", "mcp.json"]] },
  skills: AGENT_SKILLS,
  document: { format: "jsonc", container: ["servers"] },
  remote: SPEAKS.both,
  cwd: true,
  shape: { remoteType: { streamable: "http", sse: "sse" }, stdioType: "stdio" },
  envReference: ENV_REFERENCE.env,
  snippet(name, template, ctx) {
    const inputs: VsCodeInput[] = [];
    return genericSnippet(vscode, name, template, ctx, {
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
});
