import fs from "node:fs";
const f = process.argv[2];
const p = JSON.parse(fs.readFileSync(f, "utf8"));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; 
for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); const url = n.callFrame.url.replace(/.*node_modules\//, "nm/").replace(/.*\/work\/main\//, ""); const key = url.split("/").slice(0, url.startsWith("nm/") ? 2 : 3).join("/"); self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0)); }
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join("\n"));
