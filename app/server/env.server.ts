import { randomBytes } from "node:crypto";
import path from "node:path";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import type { DatabaseConfig } from "#db/client";
import { booking, brand, contact } from "~/config/shop";
import { minPasswordLength, usernamePattern } from "~/schemas/staff";

/**
 * Every environment setting the server reads, checked once at start-up: a wrong value stops the
 * server with a message naming the variable and what it accepts, before it serves anything. The
 * rest of the code reads the typed result through `settings()`.
 */

/** Values never repeated in a message: they hold passwords, tokens or keys. */
const secretNames = new Set([
  "DATABASE_URL",
  "ADMIN_PASSWORD",
  "SESSION_SECRET",
  "STAFF_2FA_KEY",
  "SMTP_URL",
  "TWILIO_AUTH_TOKEN",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

/** An unset variable and an empty one mean the same: the default. */
const given = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const wholeNumber = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  given.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (/^\d+$/.test(value) && number >= min && number <= max) return number;
    ctx.addIssue({
      code: "custom",
      message:
        max === Number.MAX_SAFE_INTEGER
          ? `must be a whole number of at least ${min}`
          : `must be a whole number from ${min} to ${max}`,
    });
    return z.NEVER;
  });

const oneOf = <const Choice extends string>(choices: readonly Choice[], fallback: Choice) =>
  given.transform((value, ctx) => {
    if (value === undefined) return fallback;
    if ((choices as readonly string[]).includes(value)) return value as Choice;
    const quoted = choices.map((choice) => `"${choice}"`);
    ctx.addIssue({
      code: "custom",
      message: `must be ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`,
    });
    return z.NEVER;
  });

const address = (protocols: string[], example: string) =>
  given.transform((value, ctx) => {
    if (value === undefined) return undefined;
    try {
      if (protocols.includes(new URL(value).protocol)) return value;
    } catch {
      // Not an address at all: the same message.
    }
    ctx.addIssue({ code: "custom", message: `must be an address such as ${example}` });
    return z.NEVER;
  });

const text = (fallback: string) => given.transform((value) => value ?? fallback);

/**
 * The site's public origin, the only source of every absolute link the app writes (e-mails,
 * calendar files, canonical and sharing tags, sitemap, structured data). It never comes from a
 * request's Host or X-Forwarded-Host, which a client chooses.
 */
const publicUrl = given.transform((value, ctx) => {
  const configured = value?.trim();
  if (!configured) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(configured);
  } catch {
    // Reported below.
  }
  if (!url) {
    ctx.addIssue({
      code: "custom",
      message: "must be an absolute http(s) address such as https://wefix.example",
    });
    return z.NEVER;
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== "/"
  ) {
    ctx.addIssue({
      code: "custom",
      message:
        "must be an http(s) origin with no path, query or credentials, such as https://wefix.example",
    });
    return z.NEVER;
  }
  return url.origin;
});

/** Whether a peer is a trusted proxy: `hop` 0 is the socket's peer, 1 the address it forwarded… */
export type TrustedProxies = (address: string, hop: number) => boolean;

const maxProxyHops = 10;

/**
 * The proxies in front of the app: how many there are, or their addresses and subnets (with
 * proxy-addr's names loopback, linklocal and uniquelocal). Express then takes as the client's
 * address the right-most X-Forwarded-For entry that is not a trusted proxy. Express's own `true`,
 * the left-most entry, is the one the client writes and is never an option.
 */
const trustedProxies = given.transform((value, ctx): TrustedProxies | undefined => {
  const configured = value?.trim();
  if (configured === undefined || configured === "0") return undefined;
  if (/^\d+$/.test(configured)) {
    const hops = Number(configured);
    if (hops <= maxProxyHops) return (_address, hop) => hop < hops;
  } else {
    try {
      return proxyAddr.compile(configured.split(",").map((entry) => entry.trim()));
    } catch {
      // Not an address or subnet: the message below.
    }
  }
  ctx.addIssue({
    code: "custom",
    message: `must be how many proxies stand in front of the app (0 to ${maxProxyHops}; 1 for one load balancer) or their addresses or subnets, such as "loopback, 10.0.0.0/8"`,
  });
  return z.NEVER;
});

const schema = z
  .object({
    NODE_ENV: given,
    PORT: wholeNumber(3000, 1, 65535),
    BUILD_DIR: text("build"),
    DATABASE_URL: address(["postgres:", "postgresql:"], "postgres://user:password@host:5432/wefix"),
    DATABASE_POOL_SIZE: wholeNumber(10),
    PGLITE_DIR: text("./data/pglite"),
    ADMIN_USERNAME: given.refine((value) => value === undefined || usernamePattern.test(value), {
      message: "must be 3–64 letters, digits, dots, dashes or underscores",
    }),
    ADMIN_PASSWORD: given.refine(
      (value) => value === undefined || value.length >= minPasswordLength,
      {
        message: `must be at least ${minPasswordLength} characters long`,
      },
    ),
    SESSION_SECRET: given,
    STAFF_2FA: oneOf(["optional", "required"], "optional"),
    STAFF_2FA_KEY: given,
    TRUST_PROXY: trustedProxies,
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_TRACK_PER_MIN: wholeNumber(10),
    RATE_LIMIT_TRACK_FAILURES_PER_HOUR: wholeNumber(30),
    RATE_LIMIT_SUBMIT_PER_MIN: wholeNumber(5),
    RATE_LIMIT_LOGIN_PER_MIN: wholeNumber(10),
    RATE_LIMIT_LOGIN_FAILURES_PER_HOUR: wholeNumber(100),
    RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF: wholeNumber(5),
    RATE_LIMIT_ANALYTICS_PER_MIN: wholeNumber(60),
    RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: wholeNumber(3),
    RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: wholeNumber(10),
    BOOKING_SLOT_CAPACITY: wholeNumber(booking.defaultSlotCapacity),
    BOOKING_LIMIT_PER_CUSTOMER: wholeNumber(3),
    QUOTE_APPROVAL_STARTS_REPAIR: oneOf(["on", "off"], "off"),
    LOG_LEVEL: oneOf(["info", "warn", "error", "silent"], "info"),
    SMTP_URL: address(["smtp:", "smtps:"], "smtp://user:password@mail.example:587"),
    MAIL_FROM: text(`${brand.name} <${contact.emails.info}>`),
    MAIL_DIR: text("./data/mail"),
    MAIL_MAX_ATTEMPTS: wholeNumber(10),
    MAIL_RETRY_BASE_SECONDS: wholeNumber(30),
    TWILIO_ACCOUNT_SID: given,
    TWILIO_AUTH_TOKEN: given,
    TWILIO_FROM: given.refine((value) => value === undefined || /^\+\d{8,15}$/.test(value), {
      message: "must be a phone number in international form such as +19055550143",
    }),
    TWILIO_API_URL: address(["http:", "https:"], "https://api.twilio.com"),
    SMS_DIR: text("./data/sms"),
    SMS_TIMEOUT_SECONDS: wholeNumber(15),
    STRIPE_SECRET_KEY: given.refine((value) => value === undefined || /^(sk|rk)_/.test(value), {
      message: "must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)",
    }),
    STRIPE_WEBHOOK_SECRET: given.refine(
      (value) => value === undefined || value.startsWith("whsec_"),
      {
        message: "must be the webhook endpoint's signing secret (whsec_…)",
      },
    ),
    STRIPE_API_BASE: address(["http:", "https:"], "http://127.0.0.1:12111"),
    ANALYTICS: oneOf(["on", "off"], "on"),
    ANALYTICS_FLUSH_SECONDS: wholeNumber(10),
    PAGE_CACHE: oneOf(["on", "off"], "on"),
  })
  .superRefine((env, ctx) => {
    // ADMIN_PASSWORD alone is the password that `npm run admin:create` and `admin:password` use.
    if (env.ADMIN_USERNAME && !env.ADMIN_PASSWORD)
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "must be set with ADMIN_USERNAME",
      });
    // Half a Stripe set-up would offer "Pay now" and never hear of the payment, or the reverse.
    if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message:
          "must be set together with the other Stripe setting (both, or neither to turn online payment off)",
      });
    if (env.NODE_ENV !== "production") return;
    if (!env.SESSION_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "must be set when NODE_ENV=production (a long random string: openssl rand -hex 32)",
      });
    if (!env.PUBLIC_URL)
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "must be set when NODE_ENV=production (for example https://wefix.example)",
      });
  });

type Env = z.output<typeof schema>;

/** One or more settings are wrong; `message` names each variable and what it accepts. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "SettingsError";
  }
}

const generatedKey = Symbol.for("wefix.generatedSessionSecret");
const holder = globalThis as { [generatedKey]?: string };

/** Development makes one cookie secret per process, shared by every copy of this module. */
function generatedSessionSecret(): string {
  holder[generatedKey] ??= randomBytes(32).toString("hex");
  return holder[generatedKey];
}

function settingsOf(env: Env) {
  const production = env.NODE_ENV === "production";
  const database: DatabaseConfig = env.DATABASE_URL
    ? { driver: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { driver: "pglite", dir: env.PGLITE_DIR };
  return {
    production,
    port: env.PORT,
    buildDir: path.resolve(env.BUILD_DIR),
    database,
    /** At start, this account is created when it does not exist yet. */
    admin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    sessionSecret: env.SESSION_SECRET ?? generatedSessionSecret(),
    /**
     * Encrypts the stored authenticator secrets. Development without a configured secret uses a
     * fixed key, so enrolments survive a restart (whose session secret changes each time).
     */
    twoFactorKey: env.STAFF_2FA_KEY ?? env.SESSION_SECRET ?? "development only: not a secret",
    twoFactorRequired: env.STAFF_2FA === "required",
    /** Unset: no proxy is trusted and every X-Forwarded-* header is ignored. */
    trustProxy: env.TRUST_PROXY,
    publicOrigin: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    rateLimits: {
      track: env.RATE_LIMIT_TRACK_PER_MIN,
      trackFailuresPerHour: env.RATE_LIMIT_TRACK_FAILURES_PER_HOUR,
      submit: env.RATE_LIMIT_SUBMIT_PER_MIN,
      login: env.RATE_LIMIT_LOGIN_PER_MIN,
      loginFailuresPerAccount: env.RATE_LIMIT_LOGIN_FAILURES_PER_HOUR,
      loginFailuresBeforeBackoff: env.RATE_LIMIT_LOGIN_FAILURES_BEFORE_BACKOFF,
      analytics: env.RATE_LIMIT_ANALYTICS_PER_MIN,
      /**
       * Messages one e-mail address or phone number may get because of visitors' bookings (the
       * confirmation, the appointment reminder) in a sliding hour and day; staff's are not counted.
       */
      messagesPerRecipientPerHour: env.RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR,
      messagesPerRecipientPerDay: env.RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY,
    },
    bookingSlotCapacity: env.BOOKING_SLOT_CAPACITY,
    /** Upcoming online bookings one phone number or e-mail address may hold; walk-ins are exempt. */
    bookingLimitPerCustomer: env.BOOKING_LIMIT_PER_CUSTOMER,
    /**
     * Whether a customer's approval of a quote moves a pending repair to In Progress. Off: the
     * approval is recorded and staff alerted, and staff start the repair when they do.
     */
    quoteApprovalStartsRepair: env.QUOTE_APPROVAL_STARTS_REPAIR === "on",
    logLevel: env.LOG_LEVEL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dir: env.MAIL_DIR,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      retryBaseMs: env.MAIL_RETRY_BASE_SECONDS * 1000,
    },
    sms: {
      /** Twilio's account SID, auth token and sending number; without all three, texts are written to `dir`. */
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM,
      apiUrl: (env.TWILIO_API_URL ?? "https://api.twilio.com").replace(/\/+$/, ""),
      dir: env.SMS_DIR,
      timeoutMs: env.SMS_TIMEOUT_SECONDS * 1000,
    },
    /** Online payment through Stripe Checkout (decision 0067); undefined, it is off and not shown. */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            /** Tests only: a mock Stripe's address instead of Stripe's own. */
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    analytics: { enabled: env.ANALYTICS === "on", flushMs: env.ANALYTICS_FLUSH_SECONDS * 1000 },
    pageCache: env.PAGE_CACHE === "on",
  };
}

export type Settings = ReturnType<typeof settingsOf>;

/** Checks the given variables (process.env at start-up; tests pass their own). */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const parsed = schema.safeParse(env);
  if (parsed.success) return settingsOf(parsed.data);
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const value = env[name];
    const shown = value && !secretNames.has(name) ? `, not "${value}"` : "";
    return `${name} ${issue.message}${shown}`;
  });
  throw new SettingsError([...new Set(problems)]);
}

let current: Settings | undefined;

/** The checked settings, read from process.env the first time they are needed. */
export function settings(): Settings {
  return (current ??= parseSettings(process.env));
}

/** Reads process.env again: at start-up, and in tests after they change a variable. */
export function loadSettings(): Settings {
  current = parseSettings(process.env);
  return current;
}

/**
 * A value built from the settings once and built again whenever they are read again, so a cookie
 * or a client never keeps a secret the settings no longer hold.
 */
export function fromSettings<T>(make: (current: Settings) => T): () => T {
  const built = new WeakMap<Settings, T>();
  return () => {
    const current = settings();
    if (!built.has(current)) built.set(current, make(current));
    return built.get(current) as T;
  };
}

/** The site's public origin (PUBLIC_URL, or http://localhost:PORT in development). */
export const publicOrigin = () => settings().publicOrigin;
