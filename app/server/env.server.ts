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

let parsed: { configured: string | undefined; origin: string } | undefined;
/**
 * The site's public origin, the only source of every absolute link the app writes (e-mails,
 * calendar files, canonical and sharing tags, sitemap, structured data). It never comes from a
 * request's Host or X-Forwarded-Host, which a client chooses. Required in production; development
 * uses http://localhost:PORT.
 */
export function publicOrigin(): string {
  const configured = process.env.PUBLIC_URL?.trim() || undefined;
  if (!parsed || parsed.configured !== configured)
    parsed = { configured, origin: parseOrigin(configured) };
  return parsed.origin;
}

function parseOrigin(configured: string | undefined): string {
  if (!configured) {
    if (isProduction)
      throw new Error(
        "PUBLIC_URL must be set when NODE_ENV=production (for example https://wefix.example)",
      );
    return `http://localhost:${process.env.PORT ?? 3000}`;
  }
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(
      `PUBLIC_URL must be an absolute http(s) address such as https://wefix.example, not "${configured}"`,
    );
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== "/"
  ) {
    throw new Error(
      `PUBLIC_URL must be an http(s) origin with no path, query or credentials, such as https://wefix.example, not "${configured}"`,
    );
  }
  return url.origin;
}

export function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
