import { describe, expect, it } from "vitest";
import { editJson, parseJson } from "../../../src/core/hosts/document-json.js";

const set = (text: string, parent: string[], key: string, value: unknown) =>
  editJson(text, parent, [{ name: key, value }]);
const remove = (text: string, parent: string[], key: string) => editJson(text, parent, [{ name: key }]);

describe("editJson: setting an entry", () => {
  it.each([
    [
      "after a one-line sibling, which stays as written with its comment",
      '{\n  "s": {\n    "a": { "command": "x" }, // one line\n  }\n}\n',
      ["s"],
      { command: "y" },
      '{\n  "s": {\n    "a": { "command": "x" }, // one line\n    "b": {\n      "command": "y"\n    },\n  }\n}\n',
    ],
    [
      "after a last sibling without a comma, keeping its comment on its line",
      '{\n  "s": {\n    "a": 1 // keep\n  }\n}\n',
      ["s"],
      2,
      '{\n  "s": {\n    "a": 1, // keep\n    "b": 2\n  }\n}\n',
    ],
    [
      "after a last sibling with a block comment, which stays on its line",
      '{\n  "s": {\n    "a": 1 /* keep */\n  }\n}\n',
      ["s"],
      2,
      '{\n  "s": {\n    "a": 1, /* keep */\n    "b": 2\n  }\n}\n',
    ],
    ["next to inline siblings", '{ "s": { "a": 1 } }', ["s"], 2, '{ "s": { "a": 1,\n    "b": 2 } }'],
    [
      "after two siblings sharing a line",
      '{\n  "s": {\n    "a": 1, "c": 3\n  }\n}\n',
      ["s"],
      2,
      '{\n  "s": {\n    "a": 1, "c": 3,\n    "b": 2\n  }\n}\n',
    ],
    [
      "into an empty object",
      '// c\n{\n  "s": {}\n}\n',
      ["s"],
      { command: "y" },
      '// c\n{\n  "s": {\n    "b": {\n      "command": "y"\n    }\n  }\n}\n',
    ],
    [
      "creating the parent in an empty root",
      "/* c */ {}\n",
      ["s"],
      { command: "y" },
      '/* c */ {\n  "s": {\n    "b": {\n      "command": "y"\n    }\n  }\n}\n',
    ],
    [
      "creating every missing level of the parent after the root's last entry",
      '{\n  "x": 1\n}\n',
      ["s", "t"],
      2,
      '{\n  "x": 1,\n  "s": {\n    "t": {\n      "b": 2\n    }\n  }\n}\n',
    ],
    [
      "replacing a null parent with the object",
      '{\n  "s": null, // none yet\n  "x": 1\n}\n',
      ["s"],
      2,
      '{\n  "s": {\n    "b": 2\n  }, // none yet\n  "x": 1\n}\n',
    ],
    ["into an empty text", "", ["s"], 2, '{\n  "s": {\n    "b": 2\n  }\n}\n'],
    [
      "with tabs",
      '{\n\t"a": {"command": "x"}\n}\n',
      [],
      { command: "y" },
      '{\n\t"a": {"command": "x"},\n\t"b": {\n\t\t"command": "y"\n\t}\n}\n',
    ],
    [
      "indented like the entries, not like a comment",
      '{\n      // note\n  "a": 1\n}\n',
      [],
      { command: "y" },
      '{\n      // note\n  "a": 1,\n  "b": {\n    "command": "y"\n  }\n}\n',
    ],
    [
      "with CRLF line ends",
      '{\r\n  "s": {\r\n    "a": 1\r\n  }\r\n}\r\n',
      ["s"],
      { command: "y" },
      '{\r\n  "s": {\r\n    "a": 1,\r\n    "b": {\r\n      "command": "y"\r\n    }\r\n  }\r\n}\r\n',
    ],
    [
      "replacing an existing entry in place",
      '{\n  "s": {\n    "b": { "command": "old" }, // note\n    "c": 1\n  }\n}\n',
      ["s"],
      { command: "y" },
      '{\n  "s": {\n    "b": {\n      "command": "y"\n    }, // note\n    "c": 1\n  }\n}\n',
    ],
  ])("%s", (_name, before, parent, value, after) => {
    expect(set(before, parent, "b", value)).toBe(after);
  });

  it("refuses a document that is not an object", () => {
    expect(() => set("[1]", [], "b", 2)).toThrow(/not an object/);
  });
});

describe("editJson: removing an entry", () => {
  it.each([
    [
      "the first entry: comments above the next entry stay",
      '{\n  "s": {\n    // about a\n    "a": {\n      "command": "x" // inside a\n    },\n    // about b\n    "b": 1\n  }\n}\n',
      "a",
      '{\n  "s": {\n    // about a\n    // about b\n    "b": 1\n  }\n}\n',
    ],
    [
      "the last entry: the previous comma goes too",
      '{\n  "s": {\n    "a": 1, // keep\n    "b": 2\n  }\n}\n',
      "b",
      '{\n  "s": {\n    "a": 1 // keep\n  }\n}\n',
    ],
    [
      "the last entry with its own trailing comma: the previous comma stays",
      '{\n  "s": {\n    "a": 1,\n    "b": 2,\n  }\n}\n',
      "b",
      '{\n  "s": {\n    "a": 1,\n  }\n}\n',
    ],
    [
      "an entry with a comment on its line: the comment goes with it",
      '{\r\n  "s": {\r\n    "a": 1, // about a\r\n    "b": 2 /* about b */\r\n  }\r\n}\r\n',
      "a",
      '{\r\n  "s": {\r\n    "b": 2 /* about b */\r\n  }\r\n}\r\n',
    ],
    ["the only entry", '{\n  "s": {\n    "b": 2\n  }\n}\n', "b", '{\n  "s": {\n  }\n}\n'],
    ["an inline entry", '{ "s": { "a": 1, "b": 2 } }', "b", '{ "s": { "a": 1 } }'],
    ["the first inline entry", '{ "s": { "a": 1, "b": 2 } }', "a", '{ "s": { "b": 2 } }'],
    ["the only inline entry", '{ "s": { "a": 1 } }', "a", '{ "s": { } }'],
    [
      "the first of two entries sharing a line",
      '{\n  "s": {\n    "a": 1, "b": 2\n  }\n}\n',
      "a",
      '{\n  "s": {\n    "b": 2\n  }\n}\n',
    ],
    [
      "a last entry after a comment on the line before: the comment stays",
      '{\n  "s": {\n    "b": 2, // about b\n    "a": 1 }\n}\n',
      "a",
      '{\n  "s": {\n    "b": 2 // about b\n     }\n}\n',
    ],
    ["an absent entry: unchanged", '{ "s": { "a": 1 } }', "zz", '{ "s": { "a": 1 } }'],
    ["an absent parent: unchanged", '{ "x": { "a": 1 } }', "a", '{ "x": { "a": 1 } }'],
  ])("%s", (_name, before, key, after) => {
    expect(remove(before, ["s"], key)).toBe(after);
  });
});

describe("editJson: adding then removing gives back the exact text", () => {
  it.each([
    ["entries on their own lines", '{\n  "s": {\n    "a": 1 // keep\n  }\n}\n'],
    ["a trailing comma", '{\n  "s": {\n    "a": 1,\n  },\n}\n'],
    ["a block comment", '{\n  "s": {\n    "a": 1 /* keep */\n  }\n}\n'],
    ["inline entries", '{ "s": { "a": 1, "c": 3 } }'],
    ["CRLF and tabs", '{\r\n\t"s": {\r\n\t\t"a": 1 // keep\r\n\t}\r\n}\r\n'],
  ])("%s", (_name, text) => {
    const added = editJson(
      text,
      ["s"],
      [
        { name: "b", value: { command: "y", args: ["1"] } },
        { name: "d", value: 4 },
      ],
    );
    expect(JSON.stringify(parseJson(added))).toContain('"d":4');
    expect(editJson(added, ["s"], [{ name: "d" }, { name: "b" }])).toBe(text);
  });
});

describe("parseJson", () => {
  it("reads comments and trailing commas", () => {
    expect(parseJson('// c\n{ "a": [1,], /* c */ "b": 2, }')).toEqual({ data: { a: [1], b: 2 } });
  });

  it("names the first problem in words, where it is, and how many more there are", () => {
    expect(parseJson('{\n  "a": 1\n  "b": 2\n  "c"\n}')).toEqual({
      failure: { message: "comma expected (and 2 more)", line: 3, column: 3 },
    });
    expect(parseJson('{ "a": }')).toEqual({
      failure: { message: "value expected", line: 1, column: 8 },
    });
  });
});
