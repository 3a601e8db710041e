import { describe, expect, it } from "vitest";
import { Cancel } from "../../cli/gateway/cancel.js";

// cli/gateway/cancel.ts: what replaced an AbortController per fast-path call (the flow end to end is
// test/cli/gateway-fast-path.test.ts, "sends the host's cancellation on to the server").
describe("Cancel", () => {
  it("cancels once: the flag, the reason, and its one listener called once", () => {
    const cancel = new Cancel();
    const heard: unknown[] = [];
    cancel.onCancel((reason) => heard.push(reason));
    expect(cancel.cancelled).toBe(false);
    cancel.cancel("enough");
    cancel.cancel("again");
    expect([cancel.cancelled, cancel.reason, heard]).toEqual([true, "enough", ["enough"]]);
  });

  it("calls no listener that was removed, replaced, or set after it was cancelled", () => {
    const heard: string[] = [];
    const removed = new Cancel();
    removed.onCancel(() => heard.push("removed"));
    removed.onCancel(undefined);
    removed.cancel("x");
    const replaced = new Cancel();
    replaced.onCancel(() => heard.push("first"));
    replaced.onCancel(() => heard.push("second"));
    replaced.cancel("x");
    const late = new Cancel();
    late.cancel("x");
    late.onCancel(() => heard.push("late"));
    expect(heard).toEqual(["second"]);
  });
});
