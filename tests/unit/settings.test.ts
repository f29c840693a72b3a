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
    });
    expect(settings.bookingSlotCapacity).toBe(3);
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
      trustProxy: true,
      twoFactorRequired: true,
      publicOrigin: "https://wefix.example",
      bookingSlotCapacity: 2,
      logLevel: "warn",
      pageCache: false,
      analytics: { enabled: false },
      sms: { apiUrl: "https://twilio.test", timeoutMs: 3000 },
    });
    expect(settings.rateLimits.track).toBe(12);
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
      'TRUST_PROXY must be "0" or "1", not "yes"',
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
});
