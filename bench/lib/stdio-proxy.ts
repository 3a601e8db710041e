// A stand-in for the gateway in bench:gateway's overhead table (BENCH_PROXIES=1): the least a stdio
// proxy between a host and one server can cost. `node stdio-proxy.js bytes <server.js>` pipes the bytes
// both ways; `parse` reads each line, JSON.parse, JSON.stringify, writes it on (what any proxy that
// looks at a message pays at least). Not a product: no framing limits, no error handling.
import { spawn } from "node:child_process";

const [mode, server] = process.argv.slice(2);
const child = spawn(process.execPath, [server as string], { stdio: ["pipe", "pipe", "ignore"] });

function lines(from: NodeJS.ReadableStream, each: (line: string) => void): void {
  let rest = "";
  from.setEncoding("utf8");
  from.on("data", (chunk: string) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop() ?? "";
    for (const line of parts) if (line !== "") each(line);
  });
}

if (mode === "bytes") {
  process.stdin.pipe(child.stdin);
  child.stdout.pipe(process.stdout);
} else {
  lines(process.stdin, (line) => child.stdin.write(JSON.stringify(JSON.parse(line)) + "\n"));
  lines(child.stdout, (line) => process.stdout.write(JSON.stringify(JSON.parse(line)) + "\n"));
}
process.stdin.on("end", () => child.stdin.end());
child.on("exit", () => process.exit(0));
