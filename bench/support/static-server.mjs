// The baseline: a bare node:http server answering every request with the same recorded bytes.
import http from "node:http";
import { readFileSync } from "node:fs";

const pages = JSON.parse(readFileSync(process.argv[2], "utf8"));
const bodies = new Map(
  Object.entries(pages).map(([path, page]) => [
    path,
    { headers: page.headers, body: Buffer.from(page.body, "base64") },
  ]),
);
const server = http.createServer((req, res) => {
  const page = bodies.get(req.url);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, page.headers).end(page.body);
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
