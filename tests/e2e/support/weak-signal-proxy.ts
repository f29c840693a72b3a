import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the proxy does to a request it has a rule for; everything else passes untouched.
 * - `hold`: sent on to the server at once, its answer held back `ms` (a range: drawn each time);
 * - `drop`: sent on, and once the server has answered the connection is cut instead;
 * - `delay`: held `ms` before it is sent on (sent even if the browser gave up meanwhile);
 * - `lose`: never sent on; the connection is cut after `ms`.
 */
export type Signal =
  | { kind: "hold"; ms: [number, number] }
  | { kind: "drop" }
  | { kind: "delay"; ms: [number, number] }
  | { kind: "lose"; ms: number };

export type WeakSignalProxy = {
  /** The proxy's origin: the site as the browser sees it through the weak signal. */
  url: string;
  /** From now on, requests of `method` to `path` (the path without its query) meet `signal`. */
  set(method: string, path: string, signal: Signal): void;
  /** Requests of `method` to `path` pass again; without arguments, every request does. */
  clear(method?: string, path?: string): void;
  /** How many requests of `method` to `path` reached the server. */
  reached(method: string, path: string): number;
  close(): Promise<void>;
};

const ruleKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = ([low, high]: [number, number]) => low + Math.random() * (high - low);

type Answer = { status: number; headers: http.OutgoingHttpHeaders; body: Buffer };

/** Headers of one connection, not of the message: the proxy's connections are its own. */
const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

const messageHeaders = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));

/**
 * A reverse proxy on a free port in front of the test server (`target`), whose rules make the
 * network between browser and server as weak as a test needs: answers held back or lost after the
 * server acted, requests late or lost before it did. The browser talks to the proxy's origin, so
 * the site (and its service worker) lives there; the test reads the server directly.
 */
export async function weakSignalProxy(target: string): Promise<WeakSignalProxy> {
  const upstream = new URL(target);
  const rules = new Map<string, Signal>();
  const counts = new Map<string, number>();

  const forward = (req: http.IncomingMessage, body: Buffer, key: string) =>
    new Promise<Answer>((resolve, reject) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const out = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...messageHeaders(req.headers), "content-length": body.length },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () =>
            resolve({
              status: answer.statusCode ?? 502,
              headers: messageHeaders(answer.headers),
              body: Buffer.concat(chunks),
            }),
          );
          answer.on("error", reject);
        },
      );
      out.on("error", reject);
      out.end(body);
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const key = ruleKey(req.method ?? "GET", new URL(req.url ?? "/", upstream).pathname);
      const signal = rules.get(key);
      const reply = (answer: Answer) => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.length });
        res.end(answer.body);
      };
      const cut = () => req.socket.destroy();
      const handle = async () => {
        switch (signal?.kind) {
          case undefined:
            return reply(await forward(req, body, key));
          case "hold": {
            const answer = await forward(req, body, key);
            await wait(within(signal.ms));
            return reply(answer);
          }
          case "drop":
            await forward(req, body, key);
            return cut();
          case "delay":
            await wait(within(signal.ms));
            return reply(await forward(req, body, key));
          case "lose":
            await wait(signal.ms);
            return cut();
        }
      };
      handle().catch(cut);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    set: (method, path, signal) => rules.set(ruleKey(method, path), signal),
    clear: (method, path) => (method && path ? rules.delete(ruleKey(method, path)) : rules.clear()),
    reached: (method, path) => counts.get(ruleKey(method, path)) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
