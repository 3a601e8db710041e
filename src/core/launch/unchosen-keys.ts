import { parseTemplate, PLUGIN_ROOT, serverFields } from "../templates.js";
import type { Launch, ServerSet, ServerSpec } from "../types.js";
import { launchesOf } from "./launches.js";
import { pickLaunch, type Machine, type Runner } from "./pick-launch.js";

// The credentials only the launches a machine does not use read (mcp.json 2 `alternatives`): an install
// does not ask for them; choosing that launch (`install --prefer`) does.

function keysOf(launch: Launch): Set<string> {
  const keys = new Set<string>();
  const { alternatives: _none, ...own } = launch as ServerSpec;
  for (const field of serverFields(own as ServerSpec)) {
    const parsed = parseTemplate(field.value);
    if ("parts" in parsed)
      for (const p of parsed.parts) if ("key" in p && p.key !== PLUGIN_ROOT) keys.add(p.key);
  }
  return keys;
}

/** The keys read by some launch of `servers` but by none of the launches this machine picks. */
export function unchosenKeys(servers: ServerSet, machine: Machine, prefer?: Runner): Set<string> {
  const used = new Set<string>();
  const unused = new Set<string>();
  for (const server of Object.values(servers)) {
    const { index } = pickLaunch(server, machine, prefer);
    launchesOf(server).forEach((launch, i) => {
      for (const key of keysOf(launch)) (i === index ? used : unused).add(key);
    });
  }
  return new Set([...unused].filter((k) => !used.has(k)));
}
