import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRegistry, publishSamples, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
}, 60_000);
afterAll(() => reg.close());

const PAGES = [
  "/",
  "/search?q=weather",
  "/c/tushare",
  "/c/weather/1.0.0",
  "/p/connectory-samples",
  "/publish",
  "/api",
  "/docs/",
  "/c/no-such-connector",
];
const lang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe("the web marketplace's language", () => {
  it.each(PAGES)("%s follows Accept-Language, says so, and varies by it", async (page) => {
    const zh = await reg.request(page, { headers: { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" } });
    const html = await zh.text();
    expect(lang(html)).toBe("zh-CN");
    expect(zh.headers.get("content-language")).toBe("zh-CN");
    expect(zh.headers.get("vary")).toMatch(/Accept-Language.*Cookie/);
    expect(html).toContain("跳到正文");
    expect(html).not.toContain("Skip to content");
    const english = await (
      await reg.request(page, { headers: { "accept-language": "fr, en;q=0.5" } })
    ).text();
    expect(lang(english)).toBe("en");
    expect(english).toContain("Skip to content");
    expect(lang(await (await reg.request(page)).text())).toBe("en");
  });

  it("?lang= switches, is remembered in a cookie, and the cookie wins over Accept-Language", async () => {
    const res = await reg.request("/search?q=weather&lang=zh-CN", { headers: { "accept-language": "en" } });
    expect(lang(await res.text())).toBe("zh-CN");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^lang=zh-CN; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const again = await reg.request("/", { headers: { cookie: "lang=zh-CN", "accept-language": "en" } });
    expect(lang(await again.text())).toBe("zh-CN");
    const back = await reg.request("/?lang=en", { headers: { cookie: "lang=zh-CN" } });
    expect(lang(await back.text())).toBe("en");
    expect(back.headers.get("set-cookie")).toMatch(/^lang=en;/);
  });

  it("ignores an unknown or hostile language choice", async () => {
    for (const [query, cookie] of [
      ["?lang=xx", "lang=xx"],
      [`?lang=${"z".repeat(5000)}`, 'lang="><script>'],
      ["?lang=zh-CN%0d%0aSet-Cookie:%20x=1", "lang=%00"],
    ]) {
      const res = await reg.request(`/${query}`, { headers: { cookie: cookie! } });
      const html = await res.text();
      expect(lang(html)).toBe("en");
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(html).not.toContain("<script>");
    }
  });

  it("the switcher links the same page in the other language, without repeating ?lang", async () => {
    const html = await (await reg.request("/search?q=weather&lang=zh-CN")).text();
    expect(html).toContain('href="/search?q=weather&amp;lang=en" hreflang="en" lang="en"');
    expect(html).toMatch(/<span aria-current="true" lang="zh-CN">简体中文<\/span>/);
  });

  it("hands the browser script its words as JSON data, in the page's language", async () => {
    const html = await (await reg.request("/", { headers: { cookie: "lang=zh-CN" } })).text();
    const json = /<script type="application\/json" id="ui-messages">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ "js.copy": "复制", "js.all-results": "全部结果" });
  });

  it("finds a Chinese word inside a run and shows the connector's own Chinese text, English to others", async () => {
    const zh = await (await reg.request(`/search?q=${encodeURIComponent("股票")}&lang=zh-CN`)).text();
    expect(zh).toContain('href="/c/tushare">Tushare Pro 金融数据</a>');
    expect(zh).toContain("获取中国 A 股股票、指数、基金和期货数据");
    const en = await (await reg.request(`/search?q=${encodeURIComponent("股票")}&lang=en`)).text();
    expect(en).toContain('href="/c/tushare">Tushare Pro</a>');
    expect(en).toContain("China A-share, index, fund and futures data");
    const api = (await (await reg.request(`/v1/connectors?q=${encodeURIComponent("行情")}`)).json()) as {
      items: Array<{ name: string; i18n?: Record<string, { description?: string }> }>;
    };
    expect(api.items.map((i) => i.name).sort()).toEqual(["tdx", "tushare"]);
    expect(api.items.find((i) => i.name === "tdx")?.i18n?.["zh-CN"]?.description).toMatch(/^来自通达信/);
  });

  it("shows the connector page in the visitor's language, with the package's translated README", async () => {
    const zh = await (await reg.request("/c/tushare", { headers: { "accept-language": "zh-CN" } })).text();
    expect(zh).toContain("<h1>Tushare Pro 金融数据</h1>");
    expect(zh).toContain('<h2 id="install-h">安装</h2>');
    expect(zh).toMatch(/<h2[^>]*>令牌在 URL 中<\/h2>/);
    const en = await (await reg.request("/c/tushare", { headers: { "accept-language": "en" } })).text();
    expect(en).toContain("<h1>Tushare Pro</h1>");
    expect(en).toMatch(/<h2[^>]*>Your token is in the URL<\/h2>/);
    // A connector without a translated README shows README.md in every language.
    const weather = await (await reg.request("/c/weather?lang=zh-CN")).text();
    expect(weather).toContain("<h1>天气（内置示例）</h1>");
    expect(weather).not.toContain("没有说明文档");
  });

  it("says a connector's permissions in the page's language (the same rule as the CLI's English lines)", async () => {
    const zh = await (await reg.request("/c/weather?lang=zh-CN")).text();
    expect(zh).toContain("<li>网络：无</li>");
    expect(zh).toContain("<li>文件：不可访问你的文件（系统文件只读，私有的 /tmp）</li>");
    expect(zh).not.toContain("network: none");
    const en = await (await reg.request("/c/weather?lang=en")).text();
    expect(en).toContain("<li>network: none</li>");
    const filesystem = await (await reg.request("/c/filesystem?lang=zh-CN")).text();
    expect(filesystem).toContain("<li>文件：读写 ${ALLOWED_DIR}</li>");
  });
});
