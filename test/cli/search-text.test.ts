import { describe, expect, it } from "vitest";
import type { ReceivedListItem } from "../../src/core/api/documents.js";
import { cutAtWord, searchLines } from "../../cli/terminal/search-lines.js";
import { displayWidth } from "../../cli/terminal/text-table.js";

// Issue 32 #7: `search`'s text aligns long names, and cuts descriptions at a word to fit the terminal.

const hit = (name: string, description: string, extra: Partial<ReceivedListItem> = {}): ReceivedListItem =>
  ({ name, description, version: "1.0.0", publisher: "acme", categories: [], ...extra }) as ReceivedListItem;
const by = (h: ReceivedListItem) => `by ${h.publisher}`;

describe("searchLines", () => {
  it("aligns every column to the longest name, also past 28 characters and with wide characters", () => {
    const lines = searchLines(
      [
        hit("a", "Short."),
        hit("io-github-someone-very-long-connector-name-here", "Long name.", {
          version: "0.0.1-seed.c0123456789ab",
        }),
        hit("tdx", "通达信行情", { publisher: "通达信" }),
      ],
      { columns: 200, quality: false, by },
    );
    const column = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text)));
    const versions = lines.map((l) => column(l, l.includes("0.0.1-seed") ? "0.0.1-seed" : "1.0.0"));
    expect(new Set(versions).size).toBe(1);
    const descriptions = ["Short.", "Long name.", "通达信行情"].map((d, i) => column(lines[i]!, d));
    expect(new Set(descriptions).size).toBe(1);
  });

  it("cuts a description at a word so the line fits the terminal, and says it was cut", () => {
    const text =
      "Search the web, fetch pages and extract structured data from any site with a headless browser.";
    for (const columns of [60, 80, 100]) {
      const [line] = searchLines([hit("browser", text)], { columns, quality: false, by });
      expect(displayWidth(line!), `${columns}: ${line}`).toBeLessThanOrEqual(columns);
      expect(line!.endsWith("…")).toBe(true);
      const shown = line!.slice(line!.indexOf("Search"), -1);
      expect(text.startsWith(shown)).toBe(true);
      expect(text[shown.length] === " " || text[shown.length] === ",").toBe(true); // a whole word
    }
    const [whole] = searchLines([hit("browser", text)], { columns: 200, quality: false, by });
    expect(whole!.endsWith(text)).toBe(true);
  });

  it("puts the quality score first with --sort quality, and [down] before the description", () => {
    const [line] = searchLines([hit("w", "Weather.", { quality: 72, checkStatus: "down" })], {
      columns: 100,
      quality: true,
      by,
    });
    expect(line).toMatch(/^ 72  w {2}1\.0\.0 {2}by acme {2}\[down\] Weather\.$/);
  });
});

it.each([
  ["one two three four", 12, "one two…"],
  ["one two", 7, "one two"],
  ["supercalifragilistic", 10, "supercali…"],
  ["股票行情数据接口服务", 9, "股票行情…"],
])("cutAtWord(%j, %i) is %j", (text, width, cut) => {
  expect(cutAtWord(text, width)).toBe(cut);
  expect(displayWidth(cutAtWord(text, width))).toBeLessThanOrEqual(width);
});
