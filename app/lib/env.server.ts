import { randomBytes } from "node:crypto";

export const isProduction = process.env.NODE_ENV === "production";

const key = Symbol.for("wefix.generatedSessionSecret");
const holder = globalThis as { [key]?: string };

/** Signs cookies. Required in production; development makes one per process. */
export function sessionSecret(): string {
  const configured = process.env.SESSION_SECRET;
  if (configured) return configured;
  if (isProduction) throw new Error("SESSION_SECRET must be set when NODE_ENV=production");
  holder[key] ??= randomBytes(32).toString("hex");
  return holder[key];
}

export function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
