import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import { describe, expect, it } from "vitest";
import { parseSettings, SettingsError } from "~/server/env.server";

/** The problems `env` has, as the server prints them at start-up. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  throw new Error("the settings were accepted");
}

const production = {
  NODE_ENV: "production",
  SESSION_SECRET: "a production secret for this test only",
  PUBLIC_URL: "https://wefix.example",
};

const trustProxyProblem =
  'must be how many proxies stand in front of the app (0 to 10; 1 for one load balancer) or their addresses or subnets, such as "loopback, 10.0.0.0/8"';

/**
 * The client address Express derives (req.ip) for a request from `peer` carrying `forwardedFor`,
 * under the TRUST_PROXY value given.
 */
function clientAddress(trustProxy: string, peer: string, forwardedFor?: string) {
  const trust = parseSettings({ TRUST_PROXY: trustProxy }).trustProxy;
  const request = {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress: peer },
  } as unknown as IncomingMessage;
  return trust ? proxyAddr(request, trust) : peer;
}

describe("settings", () => {
  it("has a default for everything a development start needs", () => {
    const settings = parseSettings({});
    expect(settings.production).toBe(false);
    expect(settings.port).toBe(3000);
    expect(settings.database).toEqual({ driver: "pglite", dir: "./data/pglite" });
    expect(settings.publicOrigin).toBe("http://localhost:3000");
    expect(settings.rateLimits).toEqual({
      track: 10,
      trackFailuresPerHour: 30,
      submit: 5,
      login: 10,
      loginFailuresPerAccount: 100,
      loginFailuresBeforeBackoff: 5,
      analytics: 60,
      messagesPerRecipientPerHour: 3,
      messagesPerRecipientPerDay: 10,
    });
    expect(settings.bookingSlotCapacity).toBe(3);
    expect(settings.bookingLimitPerCustomer).toBe(3);
    expect(settings.quoteApprovalStartsRepair).toBe(false);
    expect(settings.mail).toMatchObject({
      dir: "./data/mail",
      maxAttempts: 10,
      retryBaseMs: 30_000,
    });
    expect(settings.sms).toMatchObject({ apiUrl: "https://api.twilio.com", timeoutMs: 15_000 });
    expect(settings.admin).toBeUndefined();
    expect(settings.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(settings.pageCache && settings.analytics.enabled).toBe(true);
  });

  it("reads each variable into its typed setting", () => {
    const settings = parseSettings({
      ...production,
      PORT: "8080",
      DATABASE_URL: "postgres://app:pw@db:5432/wefix",
      DATABASE_POOL_SIZE: "4",
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "a long enough password",
      TRUST_PROXY: "1",
      STAFF_2FA: "required",
      RATE_LIMIT_TRACK_PER_MIN: "12",
      BOOKING_SLOT_CAPACITY: "2",
      BOOKING_LIMIT_PER_CUSTOMER: "5",
      QUOTE_APPROVAL_STARTS_REPAIR: "on",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_HOUR: "4",
      RATE_LIMIT_MESSAGES_PER_RECIPIENT_PER_DAY: "20",
      TWILIO_API_URL: "https://twilio.test//",
      SMS_TIMEOUT_SECONDS: "3",
      PAGE_CACHE: "off",
      ANALYTICS: "off",
      LOG_LEVEL: "warn",
    });
    expect(settings).toMatchObject({
      production: true,
      port: 8080,
      database: { driver: "postgres", url: "postgres://app:pw@db:5432/wefix", poolSize: 4 },
      admin: { username: "owner", password: "a long enough password" },
      sessionSecret: production.SESSION_SECRET,
      twoFactorKey: production.SESSION_SECRET,
      twoFactorRequired: true,
      publicOrigin: "https://wefix.example",
      bookingSlotCapacity: 2,
      bookingLimitPerCustomer: 5,
      quoteApprovalStartsRepair: true,
      rateLimits: { messagesPerRecipientPerHour: 4, messagesPerRecipientPerDay: 20 },
      logLevel: "warn",
      pageCache: false,
      analytics: { enabled: false },
      sms: { apiUrl: "https://twilio.test", timeoutMs: 3000 },
    });
    expect(settings.rateLimits.track).toBe(12);
    expect(settings.trustProxy).toBeTypeOf("function");
  });

  it("treats an empty variable as unset", () => {
    expect(
      parseSettings({ PORT: "", RATE_LIMIT_TRACK_PER_MIN: "", PUBLIC_URL: " " }),
    ).toMatchObject({
      port: 3000,
      rateLimits: { track: 10 },
      publicOrigin: "http://localhost:3000",
    });
  });

  it.each([
    ["ten", 'RATE_LIMIT_TRACK_PER_MIN must be a whole number of at least 1, not "ten"'],
    ["0", 'RATE_LIMIT_TRACK_PER_MIN must be a whole number of at least 1, not "0"'],
    ["2.5", 'RATE_LIMIT_TRACK_PER_MIN must be a whole number of at least 1, not "2.5"'],
    ["-3", 'RATE_LIMIT_TRACK_PER_MIN must be a whole number of at least 1, not "-3"'],
  ])("refuses a limit of %s, naming the variable and what it accepts", (value, message) => {
    expect(problemsOf({ RATE_LIMIT_TRACK_PER_MIN: value })).toEqual([message]);
  });

  it("names every wrong variable at once", () => {
    expect(
      problemsOf({ PORT: "70000", PAGE_CACHE: "no", LOG_LEVEL: "debug", TRUST_PROXY: "yes" }),
    ).toEqual([
      'PORT must be a whole number from 1 to 65535, not "70000"',
      `TRUST_PROXY ${trustProxyProblem}, not "yes"`,
      'LOG_LEVEL must be "info", "warn", "error" or "silent", not "debug"',
      'PAGE_CACHE must be "on" or "off", not "no"',
    ]);
  });

  it.each([
    "wefix.example",
    "ftp://wefix.example",
    "https://wefix.example/shop",
    "https://wefix.example/?a=1",
    "https://u:p@wefix.example",
    "https://wefix.example/#x",
  ])("refuses PUBLIC_URL=%s", (value) => {
    expect(problemsOf({ PUBLIC_URL: value })).toEqual([
      expect.stringMatching(
        new RegExp(`^PUBLIC_URL must be .*, not "${value.replace(/[?]/g, "\\?")}"$`),
      ),
    ]);
  });

  it("keeps PUBLIC_URL's origin only, in lower case", () => {
    expect(parseSettings({ PUBLIC_URL: "https://WeFix.example/" }).publicOrigin).toBe(
      "https://wefix.example",
    );
  });

  it("requires the secret and the public address in production", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      "SESSION_SECRET must be set when NODE_ENV=production (a long random string: openssl rand -hex 32)",
      "PUBLIC_URL must be set when NODE_ENV=production (for example https://wefix.example)",
    ]);
    expect(parseSettings(production).production).toBe(true);
  });

  it("never repeats a value that holds a password or token", () => {
    const problems = problemsOf({
      DATABASE_URL: "mysql://root:hunter2@db/wefix",
      SMTP_URL: "http://user:hunter2@mail",
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "hunter2",
    });
    expect(problems).toEqual([
      "DATABASE_URL must be an address such as postgres://user:password@host:5432/wefix",
      "ADMIN_PASSWORD must be at least 12 characters long",
      "SMTP_URL must be an address such as smtp://user:password@mail.example:587",
    ]);
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  it("wants the staff account's name and password together", () => {
    expect(problemsOf({ ADMIN_USERNAME: "owner" })).toEqual([
      "ADMIN_PASSWORD must be set with ADMIN_USERNAME",
    ]);
    expect(
      problemsOf({ ADMIN_USERNAME: "the owner", ADMIN_PASSWORD: "a long enough password" }),
    ).toEqual([
      'ADMIN_USERNAME must be 3–64 letters, digits, dots, dashes or underscores, not "the owner"',
    ]);
  });

  it("wants Twilio's number in international form", () => {
    expect(problemsOf({ TWILIO_FROM: "905-555-0143" })).toEqual([
      'TWILIO_FROM must be a phone number in international form such as +19055550143, not "905-555-0143"',
    ]);
  });

  describe("TRUST_PROXY", () => {
    it("is off unset or 0: X-Forwarded-For is ignored", () => {
      expect(parseSettings({}).trustProxy).toBeUndefined();
      expect(parseSettings({ TRUST_PROXY: "0" }).trustProxy).toBeUndefined();
      expect(clientAddress("0", "198.51.100.1", "203.0.113.9")).toBe("198.51.100.1");
    });

    it("as a hop count takes the entry that many proxies back, never one the client wrote", () => {
      // 1: one load balancer, which appended the address it saw.
      expect(clientAddress("1", "10.0.0.2", "203.0.113.9")).toBe("203.0.113.9");
      expect(clientAddress("1", "10.0.0.2", "1.1.1.1, 2.2.2.2, 203.0.113.9")).toBe("203.0.113.9");
      expect(clientAddress("2", "10.0.0.2", "1.1.1.1, 203.0.113.9, 10.0.0.7")).toBe("203.0.113.9");
      // A request without the header is the peer's own.
      expect(clientAddress("1", "10.0.0.2")).toBe("10.0.0.2");
    });

    it("as addresses and subnets takes the right-most entry that is not one of them", () => {
      const list = "loopback, 10.0.0.0/8, 192.0.2.10";
      expect(clientAddress(list, "127.0.0.1", "1.1.1.1, 203.0.113.9, 10.4.5.6")).toBe(
        "203.0.113.9",
      );
      expect(clientAddress(list, "::ffff:10.0.0.3", "1.1.1.1, 203.0.113.9, 192.0.2.10")).toBe(
        "203.0.113.9",
      );
      // Every entry the proxies wrote is trusted: the client's own is still taken, not the spoof.
      expect(clientAddress(list, "127.0.0.1", "10.9.9.9, 10.0.0.1")).toBe("10.9.9.9");
      // A peer that is not a listed proxy is the client, whatever it says it forwarded.
      expect(clientAddress(list, "198.51.100.7", "203.0.113.9")).toBe("198.51.100.7");
    });

    it.each([
      "yes",
      "true",
      "11",
      "-1",
      "1.5",
      "10.0.0.0/33",
      "10.0.0.300",
      "loopback,",
      "loopback; 10.0.0.0/8",
      "proxy.internal",
    ])("refuses %s, saying what it accepts", (value) => {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        `TRUST_PROXY ${trustProxyProblem}, not "${value}"`,
      ]);
    });
  });
});
