import { describe, expect, test } from "vitest";
import { renderReadme } from "../../src/registry/readme/render-readme.js";
import { HOSTILE_README } from "../web/hostile-package.js";

describe("renderReadme", () => {
  test("renders ordinary markdown: headings, emphasis, code, tables, lists, links", () => {
    const html = renderReadme(
      "# Title\n\n**b** _i_ `c`\n\n- one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs](https://example.com/d)\n\n```js\nlet x = 1 < 2;\n```\n",
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>b</strong>");
    expect(html).toContain("<code>c</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<td>1</td>");
    expect(html).toContain('<a href="https://example.com/d" rel="nofollow noopener noreferrer ugc">docs</a>');
    expect(html).toContain('<code class="language-js">let x = 1 &lt; 2;');
  });

  test.each([
    ["script element", "<script>alert(1)</script>", /<script/i],
    ["event handler", '<p onclick="alert(1)">x</p>', /onclick/i],
    ["img onerror", '<img src=x onerror="alert(1)">', /onerror|<img/i],
    ["javascript: markdown link", "[x](javascript:alert(1))", /href="javascript/i],
    ["javascript: anchor, mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>', /href/i],
    ["entity-encoded javascript:", '<a href="&#106;avascript:alert(1)">x</a>', /href/i],
    ["data: link", '<a href="data:text/html,hi">x</a>', /href/i],
    ["protocol-relative link", '<a href="//evil.example/">x</a>', /href/i],
    ["style element", "<style>body{display:none}</style>", /<style|display:none/i],
    ["style attribute", '<p style="color:red">x</p>', /style=/i],
    ["iframe", '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ["form", '<form action="https://evil.example"><input name=a></form>', /<form|<input/i],
    ["svg with script", "<svg><script>alert(1)</script></svg>", /<svg|<script|alert/i],
    ["object/embed", '<object data="x"></object><embed src="y">', /<object|<embed/i],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta/i],
    ["base", '<base href="https://evil.example/">', /<base/i],
    ["link stylesheet", '<link rel="stylesheet" href="https://evil.example/s.css">', /<link/i],
    ["id/name clobbering", '<p id="main" name="q">x</p>', /id=|name=/i],
    ["external markdown image", "![alt](https://evil.example/p.png)", /<img|src=/i],
  ])("removes %s", (_label, input, forbidden) => {
    expect(renderReadme(input)).not.toMatch(forbidden);
  });

  test("an external markdown image becomes a link to it; a relative one its alt text", () => {
    expect(renderReadme("![logo](https://cdn.example/logo.png)")).toContain(
      '<a href="https://cdn.example/logo.png" title="image hosted elsewhere, not loaded" rel="nofollow noopener noreferrer ugc">[image: logo]</a>',
    );
    expect(renderReadme("![shot](docs/shot.png)")).toBe("<p>[image: shot]</p>\n");
  });

  test("the whole hostile README keeps its safe text and loses every active part", () => {
    const html = renderReadme(HOSTILE_README);
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain(
      '<a href="https://example.com/docs" rel="nofollow noopener noreferrer ugc">a real link</a>',
    );
    for (const bad of [
      /<script/i,
      /\son\w+=/i,
      /(href|src)\s*=\s*["']?\s*javascript:/i,
      /<style/i,
      /<iframe/i,
      /<form/i,
      /<svg/i,
      /<img/i,
      /<link/i,
      /<meta/i,
      /<base/i,
      /style=/i,
      /src=/i,
    ]) {
      expect(html).not.toMatch(bad);
    }
    // Every remaining href is http(s) (an external link is navigation, not a load).
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https?:\/\//);
  });

  test("a long README renders (no pathological slowdown on nesting)", () => {
    const deep = "> ".repeat(200) + "quote\n" + "*".repeat(5000) + "\n" + "[a](".repeat(2000);
    expect(renderReadme(deep).length).toBeGreaterThan(0);
  });
});
