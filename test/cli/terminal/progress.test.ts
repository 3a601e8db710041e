import { Readable } from "node:stream";
import { expect, it } from "vitest";
import type { CommandContext } from "../../../cli/context.js";
import { createProgress } from "../../../cli/terminal/progress.js";

function ctx(isTTY: boolean, env: Record<string, string> = {}) {
  let written = "";
  const stderr = {
    isTTY,
    columns: 100,
    write: (s: string) => ((written += s), true),
    cursorTo: () => true,
    moveCursor: () => true,
    clearLine: () => true,
    clearScreenDown: () => true,
  };
  const c = {
    stderr,
    stdout: { write: () => true },
    env,
    stdin: Object.assign(Readable.from([]), { isTTY: false }),
  } as unknown as CommandContext;
  return { c, written: () => written };
}

it("draws a bar on a terminal's stderr and clears it when done", async () => {
  const { c, written } = ctx(true);
  const p = await createProgress(c, "downloading weather@1.0.0");
  p.update(512 * 1024, 1024 * 1024);
  p.update(1024 * 1024, 1024 * 1024);
  p.stop();
  expect(written()).toContain("downloading weather@1.0.0");
  expect(written()).toContain("512/1024 KiB");
});

it.each([
  ["not a terminal", false, {}],
  ["CI", true, { CI: "1" }],
])("stays silent when %s", async (_label, isTTY, env) => {
  const { c, written } = ctx(isTTY, env);
  const p = await createProgress(c, "downloading");
  p.update(10, 20);
  p.stop();
  expect(written()).toBe("");
});
