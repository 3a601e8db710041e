import { describe, expect, it } from "vitest";
import { detectFormatting, removeProperty, setProperty } from "../../../cli/lib/jsonc-edit.js";

const set = (text: string, parent: string[], key: string, value: unknown) =>
  setProperty(text, parent, key, value, detectFormatting(text));

describe("setProperty", () => {
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
    ["next to inline siblings", '{ "s": { "a": 1 } }', ["s"], 2, '{ "s": { "a": 1,\n    "b": 2 } }'],
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
      "with tabs",
      '{\n\t"a": {"command": "x"}\n}\n',
      [],
      { command: "y" },
      '{\n\t"a": {"command": "x"},\n\t"b": {\n\t\t"command": "y"\n\t}\n}\n',
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
});

describe("removeProperty", () => {
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
    ["the only entry", '{\n  "s": {\n    "b": 2\n  }\n}\n', "b", '{\n  "s": {\n  }\n}\n'],
    ["an inline entry", '{ "s": { "a": 1, "b": 2 } }', "b", '{ "s": { "a": 1 } }'],
    ["an absent entry: unchanged", '{ "s": { "a": 1 } }', "zz", '{ "s": { "a": 1 } }'],
  ])("%s", (_name, before, key, after) => {
    expect(removeProperty(before, ["s"], key)).toBe(after);
  });
});
