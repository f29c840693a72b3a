// `npm run audit`: known vulnerabilities of high or critical severity in the production
// dependencies fail the run. A registry without the advisory endpoint (this project's own build
// machines use such a mirror) cannot answer; that is said loudly and is not counted as a pass.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
  encoding: "utf8",
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}

if (!report?.metadata?.vulnerabilities) {
  const line = "!".repeat(78);
  const reason = report?.statusCode
    ? `the advisory endpoint answered ${report.statusCode}`
    : (report?.error?.summary ?? "no answer");
  console.warn(
    `\n${line}\n!! npm audit could NOT check the dependencies: the registry has no advisory service.\n!! (${reason})\n${line}\n`,
  );
  process.exit(process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
}

const { high = 0, critical = 0, moderate = 0, low = 0 } = report.metadata.vulnerabilities;
console.log(
  `npm audit (production dependencies): ${critical} critical, ${high} high, ${moderate} moderate, ${low} low`,
);
if (high + critical > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === "high" || v.severity === "critical")
      console.error(`  ${v.severity}: ${name} ${v.range ?? ""}`);
  }
  process.exit(1);
}
