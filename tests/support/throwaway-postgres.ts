import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A Postgres server of our own, on a spare port in a temporary folder, that a test may stop, kill
 * and start again without disturbing the shared server on 5432. Postgres refuses to run as root,
 * so as root (CI) every command runs as the `postgres` user, who also owns the folder.
 */
export type ThrowawayPostgres = {
  /** postgres://…/postgres on the throwaway server. */
  url: string;
  start(): Promise<void>;
  /** A clean "fast" shutdown: sessions are ended, the port closes. */
  stop(): Promise<void>;
  /** A power cut: SIGKILL to the postmaster and every backend; the next start replays the WAL. */
  kill(): void;
  destroy(): Promise<void>;
  /** The postmaster's pid while it runs (its backends are its children). */
  postmasterPid(): number;
};

const bin = (name: string) => path.join(process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin", name);
const asRoot = process.getuid?.() === 0;

/**
 * Asynchronous, so the test's own connections see the server go away as they would in production.
 */
function run(command: string, args: string[]): Promise<void> {
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: "utf8" }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`${command} ${args.join(" ")} failed:\n${stdout}${stderr}`))
        : resolve(),
    );
  });
}

/**
 * `settings` are extra server settings (`-c name=value`), e.g. a preloaded extension for a bench;
 * `parent` is the folder the server's own folder is made in (a small disk of a test's own).
 */
export async function startThrowawayPostgres(
  port: number,
  settings: Record<string, string> = {},
  parent = os.tmpdir(),
): Promise<ThrowawayPostgres> {
  const root = mkdtempSync(path.join(parent, "wefix-pg-"));
  const dataDir = path.join(root, "data");
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(root, uid, gid);
  }
  await run(bin("initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c max_connections=60 -c shared_buffers=32MB${Object.entries(
    settings,
  )
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join("")}`;

  const start = async () => {
    // Right after a kill, the old backends may still hold shared memory for a moment.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await run(bin("pg_ctl"), [
          "start",
          "-w",
          "-t",
          "30",
          "-D",
          dataDir,
          "-l",
          path.join(root, "log"),
          "-o",
          options,
        ]);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await sleep(250);
      }
    }
  };

  const postmasterPid = () =>
    Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

  const server: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    postmasterPid,
    async stop() {
      await run(bin("pg_ctl"), ["stop", "-w", "-m", "fast", "-D", dataDir]);
    },
    kill() {
      const postmaster = postmasterPid();
      const backends = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], {
        encoding: "utf8",
      })
        .split("\n")
        .map(Number)
        .filter(Boolean);
      for (const pid of [postmaster, ...backends]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    },
    async destroy() {
      try {
        await run(bin("pg_ctl"), ["stop", "-w", "-m", "immediate", "-D", dataDir]);
      } catch {
        // Not running.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  await start();
  return server;
}
