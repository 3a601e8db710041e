import fs from "node:fs/promises";
import path from "node:path";
import type MarkdownIt from "markdown-it";
import { projectRoot } from "./paths.js";

// The repository's own docs (docs/*.md), served at /docs/<file> so the web marketplace links to the
// contracts of the very version it runs, and to nothing outside it. The docs are ours, not a
// publisher's: markdown-it renders them without raw HTML; headings get GitHub-style ids so the docs'
// own #fragment links work; links between docs stay on /docs/, links to ../schemas/ go to /schemas/.

/** The docs this site serves, by file name; anything else is a 404. */
export const PROJECT_DOCS = [
  "architecture.md",
  "cli.md",
  "deploy.md",
  "hosts.md",
  "http-api.md",
  "package-format.md",
  "projects.md",
  "quality.md",
  "publishers.md",
  "security.md",
];

/** GitHub's heading anchor: lower-case, punctuation dropped, spaces to hyphens. */
export function headingId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

type Markdown = InstanceType<typeof MarkdownIt>;

let md: Promise<Markdown> | undefined;

/**
 * The docs' markdown-it, loaded at the first doc asked: markdown-it and its entity tables (~270 KB) are not
 * loaded with every registry start (issue 29).
 */
function renderer(): Promise<Markdown> {
  md ??= import("markdown-it").then(({ default: MarkdownIt }) => {
    const it = new MarkdownIt({ html: false, linkify: false, typographer: false });
    it.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
      const inline = tokens[idx + 1];
      const text = inline?.children?.map((t) => t.content).join("") ?? "";
      tokens[idx]!.attrSet("id", headingId(text));
      return self.renderToken(tokens, idx, options);
    };
    const defaultLink = it.renderer.rules.link_open;
    it.renderer.rules.link_open = (tokens, idx, options, env, self) => {
      const token = tokens[idx]!;
      token.attrSet("href", docHref(String(token.attrGet("href") ?? "")));
      return defaultLink
        ? defaultLink(tokens, idx, options, env, self)
        : self.renderToken(tokens, idx, options);
    };
    return it;
  });
  return md;
}

/** Where a link written in a doc points on this site. */
export function docHref(href: string): string {
  if (/^(https?:|mailto:|#)/i.test(href)) return href;
  const [file = "", fragment] = href.split("#");
  const hash = fragment === undefined ? "" : `#${fragment}`;
  if (PROJECT_DOCS.includes(file)) return `/docs/${file}${hash}`;
  const schema = /^\.\.\/schemas\/([a-z-]+\.schema\.json)$/.exec(file);
  if (schema) return `/schemas/${schema[1]}`;
  if (file === "../schemas") return "/publish";
  if (/^\.\.\/plugins-sample\/?$/.test(file)) return "/publish/example.tgz";
  return `/docs/${hash}`; // a file of the repository this site does not serve: the docs index
}

const rendered = new Map<string, { title: string; html: string }>();

/** A doc rendered as HTML with its first heading as title, or undefined when there is no such doc. */
export async function readProjectDoc(file: string): Promise<{ title: string; html: string } | undefined> {
  if (!PROJECT_DOCS.includes(file)) return undefined;
  const hit = rendered.get(file);
  if (hit) return hit;
  let text: string;
  try {
    text = await fs.readFile(path.join(projectRoot(), "docs", file), "utf8");
  } catch {
    return undefined; // an installed copy without docs/
  }
  const title = /^# (.+)$/m.exec(text)?.[1]?.replace(/`/g, "") ?? file;
  const doc = { title, html: (await renderer()).render(text) };
  rendered.set(file, doc);
  return doc;
}
