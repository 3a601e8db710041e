import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// A publisher's README is hostile until proven otherwise (and costly: up to ~20 µs per byte for the worst
// markdown, so it is rendered once, at publish, in a worker: readme-renderer.ts). markdown-it renders it (raw HTML allowed, so
// <details>, <kbd> and tables written as HTML still work), then sanitize-html keeps only an allowlist:
// no script, style, iframe, form, object or SVG elements; no event handlers, style, id or name
// attributes; links only to http(s), mailto or a fragment. Images load from this origin only, and a
// README's images are never this origin, so markdown images become links to the image (no request is
// made) and HTML <img> tags are dropped. The page's CSP (img-src 'self', no inline script or style) is the second wall.

const md = new MarkdownIt({ html: true, linkify: true, typographer: false });

// A markdown image becomes a link to it, so readers can still open it; raw HTML <img> tags are dropped.
md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  const src = String(token?.attrGet("src") ?? "");
  const alt = token?.children?.map((t) => t.content).join("") || src;
  const text = md.utils.escapeHtml(`[image: ${alt}]`);
  if (!/^https?:\/\//i.test(src)) return text;
  return `<a href="${md.utils.escapeHtml(src)}" title="image hosted elsewhere, not loaded">${text}</a>`;
};

const ALLOWED_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "blockquote",
  "pre",
  "code",
  "kbd",
  "samp",
  "var",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "abbr",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "details",
  "summary",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
];

const LINK_REL = "nofollow noopener noreferrer ugc";

/** True for the hrefs a README link may keep: absolute http(s), mailto, or a fragment on this page. */
function safeHref(href: string): boolean {
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) || /^#[\w-]*$/.test(trimmed);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "title", "rel"],
    abbr: ["title"],
    code: ["class"],
    th: ["align", "colspan", "rowspan"],
    td: ["align", "colspan", "rowspan"],
    ol: ["start"],
    details: ["open"],
  },
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Dropped with everything inside them (the rest keep their text when their tag goes).
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "title",
    "head",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      // An <a> without href is inert text; renaming the tag here would unbalance sanitize-html's stack.
      if (!safeHref(href)) return { tagName, attribs: {} };
      return { tagName, attribs: { ...attribs, href: href.trim(), rel: LINK_REL } };
    },
  },
};

/** README markdown → HTML that is safe to put into a page as-is. */
export function renderReadme(markdown: string): string {
  return sanitizeHtml(md.render(markdown), OPTIONS);
}
