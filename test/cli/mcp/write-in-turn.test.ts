import { PassThrough, Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { HostStdioTransport } from "../../../cli/mcp/host-stdio.js";
import { StdioTransport } from "../../../cli/mcp/stdio-transport.js";
import { WriteInTurn } from "../../../cli/mcp/write-in-turn.js";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A real Writable that records each write it is handed (one array per write or writev); a small
 * `highWaterMark` also holds each write until `release()`, as a pipe the reader does not empty.
 */
function recordingStream(highWaterMark = 16 * 1024) {
  const calls: string[][] = [];
  const held: Array<() => void> = [];
  const take = (chunks: string[], done: () => void) => {
    calls.push(chunks);
    if (highWaterMark < 64) held.push(done);
    else done();
  };
  const stream = new Writable({
    highWaterMark,
    decodeStrings: false,
    write: (chunk: string, _encoding, done) => take([String(chunk)], done),
    writev: (chunks, done) =>
      take(
        chunks.map((c) => String(c.chunk)),
        done,
      ),
  });
  return { stream, calls, release: () => held.splice(0).forEach((done) => done()) };
}

describe("WriteInTurn", () => {
  it("writes what one turn sent as one writev, in order, and a later turn's separately", async () => {
    const { stream, calls } = recordingStream();
    const out = new WriteInTurn(stream);
    for (const n of [1, 2, 3]) void out.write(`${n}\n`);
    expect(calls).toEqual([]); // nothing before the turn ends
    await turn();
    expect(calls).toEqual([["1\n", "2\n", "3\n"]]);
    void out.write("4\n");
    await turn();
    void out.write("5\n");
    void out.write("6\n");
    await turn();
    expect(calls).toEqual([["1\n", "2\n", "3\n"], ["4\n"], ["5\n", "6\n"]]);
  });

  it("joins a turn's text into one write on a sink that is not a stream", async () => {
    const writes: string[] = [];
    const out = new WriteInTurn({ write: (s: string) => writes.push(s) });
    void out.write("a\n");
    void out.write("b\n");
    await turn();
    expect(writes).toEqual(["a\nb\n"]);
  });

  it("writes at once on flush, and a flush with nothing queued writes nothing", async () => {
    const writes: string[] = [];
    const out = new WriteInTurn({ write: (s: string) => writes.push(s) });
    void out.write("a\n");
    out.flush();
    expect(writes).toEqual(["a\n"]);
    await turn();
    out.flush();
    expect(writes).toEqual(["a\n"]);
  });

  it("resolves writes at once, and waits for drain when the stream could not take a batch", async () => {
    const { stream, calls, release } = recordingStream(8);
    const out = new WriteInTurn(stream);
    await out.write("0123456789\n"); // resolved at once: nothing is waiting to drain yet
    await turn(); // written, and held: over the stream's highWaterMark
    let drained = false;
    const next = out.write("after\n").then(() => (drained = true));
    await turn();
    await turn();
    expect(drained).toBe(false);
    release(); // the first write done: the stream hands on the second…
    await turn();
    release(); // …and once that is done too, it has drained
    await next;
    expect(calls.flat()).toEqual(["0123456789\n", "after\n"]);
  });
});

describe("HostStdioTransport's writes", () => {
  it("reach stdout in the order sent, several answers of one turn in one write", async () => {
    const { stream, calls } = recordingStream();
    const host = new HostStdioTransport(Readable.from([]), stream);
    for (let id = 1; id <= 10; id++) void host.send({ jsonrpc: "2.0", id, result: {} });
    await turn();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.map((l) => JSON.parse(l).id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("writes what is queued when it closes, and after that at once", async () => {
    const writes: string[] = [];
    const stdin = new PassThrough();
    const host = new HostStdioTransport(stdin, { write: (s: string) => writes.push(s) });
    await host.start();
    void host.send({ jsonrpc: "2.0", id: 1, result: {} });
    await host.close();
    expect(writes.map((w) => JSON.parse(w).id)).toEqual([1]);
    void host.send({ jsonrpc: "2.0", id: 2, result: {} });
    expect(writes.map((w) => JSON.parse(w).id)).toEqual([1, 2]);
  });
});

describe("StdioTransport's writes to the server", () => {
  it("reach a real child in order, and what was sent just before close still goes before stdin ends", async () => {
    // Echoes every line back, then exits when its stdin ends.
    const echo = `process.stdin.on("data", (d) => process.stdout.write(d)); process.stdin.on("end", () => process.exit(0));`;
    const transport = new StdioTransport({
      command: process.execPath,
      args: ["-e", echo],
      env: { PATH: process.env.PATH ?? "" },
      cwd: process.cwd(),
    });
    const back: number[] = [];
    transport.onmessage = (m: JSONRPCMessage) => back.push((m as { id: number }).id);
    await transport.start();
    for (let id = 1; id <= 50; id++) void transport.send({ jsonrpc: "2.0", id, method: "ping" });
    await expect.poll(() => back.length).toBe(50);
    for (let id = 51; id <= 60; id++) void transport.send({ jsonrpc: "2.0", id, method: "ping" });
    await transport.close(); // the same turn: the ten are written, then stdin ends, and the child echoes them
    expect(back).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(transport.exit).toEqual({ code: 0, signal: null });
    await expect(transport.send({ jsonrpc: "2.0", id: 61, method: "ping" })).rejects.toThrow("not running");
  });
});
