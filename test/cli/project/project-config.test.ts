import { describe, expect, it } from "vitest";
import { projectConfig } from "../../../cli/project/project-config.js";

// `sync --config`: a plain key goes to every connector that declares it, `<connector>.KEY` to that one.

const declared = { alpha: ["API_KEY", "REGION"], beta: ["API_KEY"], gamma: undefined };

describe("projectConfig", () => {
  it.each([
    [["API_KEY=k"], { alpha: { API_KEY: "k" }, beta: { API_KEY: "k" } }],
    [["alpha.API_KEY=a", "REGION=eu"], { alpha: { API_KEY: "a", REGION: "eu" } }],
    [["beta.API_KEY=b=c"], { beta: { API_KEY: "b=c" } }],
    [["gamma.ANY=1"], { gamma: { ANY: "1" } }],
    [[], {}],
  ])("%j → %j", (pairs, expected) => {
    expect(projectConfig(pairs, declared)).toEqual(expected);
  });

  it.each([
    [["TOKEN=x"], "--config TOKEN"],
    [["beta.REGION=eu"], "--config beta.REGION"],
    [["delta.API_KEY=x"], "--config delta.API_KEY"],
    [["API_KEY"], "is not KEY=VALUE"],
  ])("refuses %j", (pairs, words) => {
    expect(() => projectConfig(pairs, declared)).toThrow(words);
  });
});
