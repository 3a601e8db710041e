import { localizedError, say } from "../terminal/language.js";
import { DEFAULT_PROJECT_MARKETPLACE, type Manifest } from "../../src/core/project/manifest.js";
import type { CommandContext } from "../context.js";
import { readMarketplaces, updateMarketplaces } from "../home/marketplaces-store.js";
import { RegistryClient } from "../registry/registry-client.js";
import { status } from "../terminal/output.js";
import { canPrompt, prompt } from "../terminal/prompt.js";

/** A project marketplace as this home knows it: the home's name for it (installed.json keys) and client. */
export interface HomeMarketplace {
  /** The project's name (`default` or a `marketplaces` key). */
  project: string;
  /** The marketplace's name in this home. */
  name: string;
  url: string;
  client: RegistryClient;
}

/** The URL a project marketplace name stands for: the manifest's, or this home's default marketplace. */
export async function projectMarketplaceUrl(
  ctx: CommandContext,
  manifest: Manifest,
  name: string,
): Promise<string> {
  if (name !== DEFAULT_PROJECT_MARKETPLACE) return manifest.marketplaces[name] as string;
  const all = await readMarketplaces(ctx.home, ctx.env);
  const chosen = Object.entries(all).find(([, m]) => m.default) ?? Object.entries(all)[0];
  return (chosen?.[1].url ?? "").replace(/\/+$/, "");
}

const norm = (u: string) => u.replace(/\/+$/, "");

/** This home's name for the marketplace at `url` (the project's name first), without asking anyone. */
export async function findHomeMarketplace(
  ctx: Pick<CommandContext, "home" | "env">,
  wanted: { project: string; url: string },
): Promise<string | undefined> {
  const url = norm(wanted.url);
  const all = await readMarketplaces(ctx.home, ctx.env);
  const same = all[wanted.project];
  if (same && norm(same.url) === url) return wanted.project;
  return Object.keys(all)
    .sort()
    .find((k) => norm((all[k] as { url: string }).url) === url);
}

/**
 * The marketplace of this home that serves `url`: the one of the same name, else any with that URL.
 * One the user has not added is never added silently: on a terminal they are asked (the name and URL
 * shown), otherwise `project.marketplace.unconfirmed` names the `marketplace add` to run. A home
 * marketplace of the same name at another URL is `project.marketplace.conflict`.
 */
export async function homeMarketplace(
  ctx: CommandContext,
  wanted: { project: string; url: string },
): Promise<HomeMarketplace> {
  const url = norm(wanted.url);
  const found = await findHomeMarketplace(ctx, wanted);
  if (found) return { project: wanted.project, name: found, url, client: new RegistryClient(url, ctx.fetch) };
  const same = (await readMarketplaces(ctx.home, ctx.env))[wanted.project];
  if (wanted.project === DEFAULT_PROJECT_MARKETPLACE || same) {
    throw localizedError(
      "project.marketplace.conflict",
      same
        ? {
            key: "project.marketplace-conflict",
            params: { project: wanted.project, url, yours: norm(same.url) },
          }
        : { key: "project.marketplace-conflict-other", params: { project: wanted.project, url } },
      { key: "project.marketplace-conflict-hint", params: { url } },
    );
  }
  const add = `connectory marketplace add ${wanted.project} ${url}`;
  if (!canPrompt(ctx)) {
    throw localizedError(
      "project.marketplace.unconfirmed",
      { key: "project.marketplace-unadded", params: { project: wanted.project, url } },
      { key: "project.marketplace-unadded-hint", params: { command: add } },
    );
  }
  status(ctx, say("project.marketplace-unadded-status", { project: wanted.project, url }));
  const answer = (await prompt(ctx, { message: say("project.marketplace-add-prompt") })).trim();
  if (!/^y(es)?$/i.test(answer)) {
    throw localizedError(
      "project.marketplace.unconfirmed",
      { key: "project.marketplace-declined", params: { project: wanted.project } },
      { key: "project.marketplace-declined-hint", params: { command: add } },
    );
  }
  await updateMarketplaces(ctx.home, ctx.env, (file) => ({ ...file, [wanted.project]: { url } }));
  return { project: wanted.project, name: wanted.project, url, client: new RegistryClient(url, ctx.fetch) };
}
