import { expect, it } from "vitest";
import { Doorkeeper } from "../../../src/registry/official/doorkeeper.js";

it("says a key was seen only from its second sighting on, key by key", () => {
  const door = new Doorkeeper();
  expect(door.seenBefore("acme/weather|etag-1")).toBe(false);
  expect(door.seenBefore("acme/weather|etag-2")).toBe(false);
  expect(door.seenBefore("acme/weather|etag-1")).toBe(true);
  expect(door.seenBefore("acme/weather|etag-1")).toBe(true);
  expect(door.seenBefore("acme/weather|etag-2")).toBe(true);
  expect(door.seenBefore("")).toBe(false);
  expect(door.seenBefore("")).toBe(true);
});

it("forgets a key whose slot another takes, and keeps thousands of others apart", () => {
  const door = new Doorkeeper(1); // two slots: three keys cannot all be remembered
  const keys = ["a", "b", "c", "d", "e"];
  for (const key of keys) door.seenBefore(key);
  expect(keys.filter((key) => door.seenBefore(key)).length).toBeLessThanOrEqual(2);
  const wide = new Doorkeeper();
  const many = Array.from({ length: 2000 }, (_, i) => `dev.connectory/c${i}|"e${i}"`);
  expect(many.filter((key) => wide.seenBefore(key))).toEqual([]);
  expect(many.filter((key) => wide.seenBefore(key)).length).toBeGreaterThan(1900);
});
