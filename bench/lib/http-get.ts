// A lean GET for the benches' timed requests: node:http over one kept-alive connection, the body as
// bytes. Measured in issue 29 on the 2-core bench machine: undici's fetch spent 3.4–4.2 ms of CPU per
// /v0.1 search page in the bench process, node:http 1.0–1.5 ms, and a closed loop pays the client's CPU
// inside every measured latency (and takes it from the cores the registry and PostgreSQL share).
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Got {
  status: number;
  body: Buffer;
}

/** GET `url` (http: only); resolves once the whole body has arrived. */
export function get(url: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** GET `url` and parse its body as JSON (as `(await fetch(url)).json()`). */
export async function getJson<T>(url: string): Promise<Got & { json: T }> {
  const got = await get(url);
  return { ...got, json: JSON.parse(got.body.toString("utf8")) as T };
}
