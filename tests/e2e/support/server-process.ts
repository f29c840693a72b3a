import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export type ServerProcess = {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/**
 * How long a server may take to answer /healthz: seconds on an idle machine, but over a minute
 * for an embedded Postgres migrating beside two other test runs. Hooks that start one allow for it.
 */
export const serverStartMs = 180_000;

/**
 * Fills `dir` with a copy of the global setup's migrated and seeded PGlite folder
 * (tests/e2e/support/database-template.ts), if Playwright made one: a server started on it skips
 * migrating and seeding. False elsewhere (the benches), where the server makes its own.
 */
export async function copyDatabaseTemplate(dir: string): Promise<boolean> {
  const template = process.env.PGLITE_TEMPLATE_DIR;
  if (!template) return false;
  await cp(template, dir, { recursive: true });
  return true;
}

/** A folder holding a copy of the template, for a server asked to run on `memory://`. */
async function templateCopy(): Promise<string | undefined> {
  const copy = await mkdtemp(path.join(os.tmpdir(), "wefix-e2e-db-"));
  if (await copyDatabaseTemplate(path.join(copy, "pglite"))) return copy;
  await rm(copy, { recursive: true });
  return undefined;
}

/** Starts the built server (`npm run build` first) and waits until /healthz answers 200; `nodeArgs` go to node (a profiler). */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const copy = env.PGLITE_DIR === "memory://" ? await templateCopy() : undefined;
  if (copy) env = { ...env, PGLITE_DIR: path.join(copy, "pglite") };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BUILD_DIR in `env` starts another build (the throughput bench compares two).
  const child = spawn(
    process.execPath,
    [...nodeArgs, `${env.BUILD_DIR ?? process.env.BUILD_DIR ?? "build"}/start-server.js`],
    {
      env: {
        ...process.env,
        ADMIN_USERNAME: "lifecycle",
        ADMIN_PASSWORD: "lifecycle-password",
        LOG_LEVEL: "",
        // E-mails of test and bench servers go to a folder of their own, not the developer's
        // data/mail.
        MAIL_DIR: path.join(os.tmpdir(), `wefix-mail-${port}`),
        // The address the tests use is the one the app writes into its links.
        PUBLIC_URL: url,
        // Specs and benches book as one customer again and again; a spec that tests these limits
        // sets them.
        BOOKING_LIMIT_PER_CUSTOMER: "1000000",
        RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "1000000",
        RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: "1000000",
        ...env,
        PORT: String(port),
      },
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  ).then(async (code) => {
    if (copy) await rm(copy, { recursive: true, force: true });
    return code;
  });

  const deadline = Date.now() + serverStartMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Submits the contact form as a browser without JavaScript would. */
export async function sendContactMessage(baseUrl: string, message: string) {
  const page = await fetch(`${baseUrl}/contact`).then((r) => r.text());
  const submissionKey = /name="submissionKey" value="([^"]+)"/.exec(page)?.[1];
  if (!submissionKey) throw new Error("no submission key on /contact");
  return fetch(`${baseUrl}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name: "Lifecycle Test",
      email: "lifecycle@example.com",
      message,
      submissionKey,
    }),
  });
}
