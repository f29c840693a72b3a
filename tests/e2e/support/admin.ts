import type { APIRequestContext, Page } from "@playwright/test";
import { checkDeviceIdentifier } from "../../../app/utils/device-identifier";

/** The account playwright.config.ts's web server creates at start. */
export const admin = { username: "e2e-admin", password: "e2e-password-long-enough" } as const;

/**
 * Logs in as staff do, and waits for the page it leads to: the login form's fields posted in the
 * page's own context, so the session cookie is the one the app sets, without loading and filling
 * the form for every test (admin-auth.spec.ts tests the form itself, with `logInWithForm`).
 * `from` is the login page the visitor was sent to, with its `redirectTo`.
 */
export async function logIn(
  page: Page,
  {
    from = "/admin/login",
    landsOn = /\/admin\/dashboard$/,
  }: { from?: string; landsOn?: RegExp } = {},
) {
  const redirectTo = new URL(from, "http://localhost").searchParams.get("redirectTo");
  const answer = await page.request.post("/admin/login", {
    form: { ...admin, ...(redirectTo ? { redirectTo } : {}) },
    maxRedirects: 0,
  });
  const location = answer.headers()["location"];
  if (![302, 303].includes(answer.status()) || !location)
    throw new Error(`the login form answered ${answer.status()}`);
  await page.goto(location);
  await page.waitForURL(landsOn);
}

/** Signs in and lands on the repair's page, as from a link in the booking alert e-mail. */
export async function openRepair(page: Page, id: number, query = "") {
  const path = `/admin/repairs/${id}${query}`;
  await logIn(page, {
    from: `/admin/login?redirectTo=${encodeURIComponent(path)}`,
    landsOn: new RegExp(`/admin/repairs/${id}(\\?|$)`),
  });
}

/** Logs in through the form, as staff do, and waits for the page it leads to. */
export async function logInWithForm(
  page: Page,
  {
    from = "/admin/login",
    landsOn = /\/admin\/dashboard$/,
  }: { from?: string; landsOn?: RegExp } = {},
) {
  await page.goto(from);
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(landsOn);
}

/** A bearer token from the legacy login endpoint. */
export async function apiToken(request: APIRequestContext, baseURL?: string): Promise<string> {
  const response = await request.post(`${baseURL ?? ""}/api/admin/login.php`, { data: admin });
  if (!response.ok()) throw new Error(`login.php answered ${response.status()}`);
  return ((await response.json()) as { token: string }).token;
}

export type LegacyRepairItem = {
  id: number;
  deviceCategory: string;
  brand: string;
  series: string | null;
  model: string;
  issue: string;
  price: number | null;
  priceLabel: string | null;
  version: number;
};

/** The price list as the legacy admin endpoint serves it. */
export async function repairItemsViaApi(request: APIRequestContext): Promise<LegacyRepairItem[]> {
  const response = await request.get("/api/admin/get_repair_items.php", {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
  });
  return ((await response.json()) as { repair_items: LegacyRepairItem[] }).repair_items;
}

/** A name no other test (or the other project's run of this one) uses. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An IMEI of this run's own (14 random digits and their check digit), so its history is this test's. */
export function runImei(): string {
  const body = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join("");
  for (let check = 0; check < 10; check++)
    if (checkDeviceIdentifier(`${body}${check}`).ok) return `${body}${check}`;
  throw new Error("no check digit");
}
