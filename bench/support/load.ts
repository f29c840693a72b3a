import http from "node:http";

export type LoadResult = { requests: number; errors: number; seconds: number; rps: number; p50: number; p99: number };

/** Closed-loop load: `connections` keep-alive clients each send the next request when the last returns. */
export async function runLoad(url: string, { connections = 16, seconds = 5 } = {}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const target = new URL(url);

  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: { "accept-encoding": "gzip" } }, (res) => {
        res.on("data", () => {});
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors += 1;
          resolve();
        });
      });
      req.on("error", () => {
        errors += 1;
        resolve();
      });
    });

  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99) };
}
