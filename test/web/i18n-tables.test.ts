import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/core/text/language.js";
import { SCRIPT_KEYS, WEB_MESSAGES } from "../../src/web/lib/i18n.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TABLE_FILES = new Set(["src/web/lib/messages-en.ts", "src/web/lib/messages-zh-cn.ts"]);

async function sources(dir: string): Promise<string> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(ROOT, dir), { withFileTypes: true, recursive: true })) {
    const rel = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    if (entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name) && !TABLE_FILES.has(rel))
      out.push(await fs.readFile(path.join(ROOT, rel), "utf8"));
  }
  return out.join("\n");
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the web's message tables", () => {
  const en = WEB_MESSAGES.en;

  it.each(LANGUAGES)("%s has every key, none empty, with the English placeholders", (lang) => {
    const table = WEB_MESSAGES[lang];
    expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(table)) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  it("is translated: Chinese text in (nearly) every Chinese message", () => {
    const untranslated = Object.entries(WEB_MESSAGES["zh-CN"]).filter(([, t]) => !/\p{Script=Han}/u.test(t));
    // Only messages that are a name or a placeholder pattern may stay as they are.
    expect(untranslated.map(([k]) => k)).toEqual(
      Object.keys(WEB_MESSAGES["zh-CN"]).filter((k) => ALLOWED_SAME.has(k)),
    );
  });

  it("has no unused key: each is named in the web's code", async () => {
    const code = await sources("src/web");
    const unused = Object.keys(en).filter((key) => !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
    // The browser script's keys are the ones it says.
    const script = await fs.readFile(path.join(ROOT, "src/web/static/app.js"), "utf8");
    expect(SCRIPT_KEYS.filter((key) => !script.includes(`"${key}"`))).toEqual([]);
    expect(
      [...script.matchAll(/"(js\.[a-z-]+)"/g)]
        .map((m) => m[1])
        .filter((k) => !(SCRIPT_KEYS as readonly string[]).includes(k!)),
    ).toEqual([]);
  });
});

// Messages that read the same in both languages (a product name, a pure pattern).
// `sentence.end` ("。") and `provenance.served-as-end` ("）") are punctuation: no Han character in them.
const ALLOWED_SAME = new Set(["layout.title-suffix", "sentence.end", "provenance.served-as-end"]);
