import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The lint rules that keep error text and personal data out of the log (eslint.config.js), tried
 * on code that would put them there: removing or weakening a rule fails here.
 */
const eslint = new ESLint();
async function problemsIn(code: string, filePath = "app/server/example.server.ts") {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .map((message) => message.ruleId)
    .filter((rule) => rule === "no-restricted-syntax" || rule === "no-console");
}

const header = `import { log, logError } from "~/server/log.server";\ndeclare const error: Error;\ndeclare const row: { email: string; subject: string; id: number };\n`;

describe("the log's lint rules", () => {
  it.each([
    `log("error", "failed", { error: error.message });`,
    `log("error", "failed", { error: error.stack });`,
    `log("warn", "failed", { reason: \`\${error}\` });`,
    `log("warn", "failed", { reason: String(error) });`,
    `logError("failed", error, { to: row.email });`,
    `log("info", "mail sent", { id: row.id, subject: row.subject });`,
    `console.error(error);`,
    `console.warn("failed", error.message);`,
    `console.log(row.email);`,
  ])("refuse %s", async (line) => {
    expect(await problemsIn(header + line)).not.toEqual([]);
    expect(await problemsIn(header + line, "server/example.ts")).not.toEqual([]);
  });

  it.each([
    `logError("failed", error, { requestId: "ab12cd34" });`,
    `log("info", "mail sent", { outboxId: row.id, kind: "review_request" });`,
  ])("allow %s", async (line) => expect(await problemsIn(header + line)).toEqual([]));
});
