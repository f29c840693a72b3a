import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

export type SteadyResult = { sent: number; errors: number; p50: number; p99: number };

/**
 * Open-loop load: `rate` requests a second, each sent on time whether or not the earlier ones
 * have returned, as visitors arrive; latency from the moment a request was due.
 */
export async function steadyLoad(
  url: string,
  {
    rate,
    seconds,
    headers = {},
  }: { rate: number; seconds: number; headers?: Record<string, string> },
): Promise<SteadyResult> {
  // Idle sockets close after 4 s, before the server's 5 s keep-alive timeout (see bench/load.ts).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          agent,
          headers,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due);
            else errors += 1;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors += 1;
        resolve();
      });
    });
  const pending: Promise<void>[] = [];
  const began = performance.now();
  let sent = 0;
  while (performance.now() - began < seconds * 1000) {
    for (
      let due = began + (sent * 1000) / rate;
      due <= performance.now();
      due = began + (sent * 1000) / rate
    ) {
      sent += 1;
      pending.push(send(due));
    }
    await sleep(2);
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { sent, errors, p50: pick(0.5), p99: pick(0.99) };
}
