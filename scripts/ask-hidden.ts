import { createInterface } from "node:readline/promises";

/** Asks on the terminal without echoing what is typed (a password). */
export async function askHidden(prompt: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  process.stdout.write(prompt);
  const answer = await rl.question("");
  rl.close();
  process.stdout.write("\n");
  return answer;
}
