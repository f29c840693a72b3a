// wrk runs and the CPU time of processes, read from /proc, for the load benchmarks.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const clockTicksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

export type WrkResult = {
  requests: number;
  non2xx: number;
  socketErrors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time wrk itself used. */
  cpuMs: number;
};

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state. */
function procStat(pid: number): number[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text
      .slice(text.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
  } catch {
    return undefined; // Gone, or not on this machine.
  }
}

const ticksToMs = (ticks: number) => (ticks * 1000) / clockTicksPerSecond;
/** utime + stime: the CPU time a process has used so far. */
export const cpuMsOf = (pid: number) => {
  const f = procStat(pid);
  return f ? ticksToMs(f[11]! + f[12]!) : 0;
};
/** cutime + cstime: the CPU time of the children it has waited for. */
export const childCpuMsOf = (pid: number) => {
  const f = procStat(pid);
  return f ? ticksToMs(f[13]! + f[14]!) : 0;
};

type WrkOptions = {
  lua?: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
};

/**
 * Closed-loop wrk (2 threads, keep-alive) with an optional Lua script (`request`, `setup`...), and
 * the CPU time wrk itself used.
 */
export function runWrk(
  url: string,
  { lua = "", connections, seconds, headers = {} }: WrkOptions,
): WrkResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wefix-wrk-"));
  const script = path.join(dir, "script.lua");
  writeFileSync(
    script,
    `${lua}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %f %f %f\\n", summary.requests, e.status, e.connect + e.read + e.write + e.timeout,
    summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`,
  );
  try {
    // A shell runs wrk and then prints its own /proc stat, whose children's CPU time is wrk's.
    const out = execFileSync(
      "sh",
      [
        "-c",
        'wrk "$@"; status=$?; echo "STAT $(cat /proc/$$/stat)"; exit $status',
        "sh",
        "-t2",
        `-c${connections}`,
        `-d${seconds}s`,
        "--timeout",
        "10s",
        ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
        "-s",
        script,
        url,
      ],
      { encoding: "utf8" },
    );
    const [requests, non2xx, socketErrors, elapsed, p50, p99] = /RESULT (.+)/
      .exec(out)![1]!
      .split(" ")
      .map(Number) as number[];
    const shellStat = /STAT (.+)/.exec(out)![1]!;
    const f = shellStat
      .slice(shellStat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    const cpuMs = ticksToMs(f[13]! + f[14]!);
    return {
      requests: requests!,
      non2xx: non2xx!,
      socketErrors: socketErrors!,
      seconds: elapsed!,
      rps: requests! / elapsed!,
      p50: p50!,
      p99: p99!,
      cpuMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
