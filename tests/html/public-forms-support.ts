import type { APIRequestContext } from "@playwright/test";
import type { Cheerio } from "cheerio";
import type { Element } from "domhandler";
import { bookingPayload } from "../e2e/support/api";
import { nextWeekday } from "../e2e/support/booking";
import { visitor, type HtmlPage } from "./support/html-page";

/**
 * Small readings of a public page for the public-forms specs, on top of html-page.ts: what a
 * control holds, the links and regions by the names a screen reader gives them, the JSON-LD.
 */

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const matches = (text: string, wanted: string | RegExp) =>
  typeof wanted === "string" ? text === wanted : wanted.test(text);

/** An element's text as its accessible name has it: its aria-label, or its text without aria-hidden parts. */
export function nameOf(page: HtmlPage, element: Element): string {
  const $element = page.$(element);
  const label = $element.attr("aria-label");
  if (label !== undefined) return squash(label);
  const own = $element.clone();
  own.find('[aria-hidden="true"]').remove();
  return squash(own.text());
}

/** The links with this name, in document order (none inside a <template>). */
export function links(page: HtmlPage, name: string | RegExp, within?: Cheerio<Element>): Element[] {
  const all = within ? within.find("a").toArray() : page.visible("a");
  return all.filter((link) => matches(nameOf(page, link), name));
}

/** The href of the first link with this name; throws when there is none. */
export function hrefOf(page: HtmlPage, name: string | RegExp, within?: Cheerio<Element>): string {
  const [link] = links(page, name, within);
  const href = link && page.$(link).attr("href");
  if (!href) throw new Error(`no link ${String(name)} on ${page.url.pathname}`);
  return href;
}

/** A link's target as a URL, relative ones resolved against the page. */
export const urlOf = (page: HtmlPage, href: string) => new URL(href, page.url);

/** The sections a heading names (aria-labelledby) or an aria-label names. */
export function regions(page: HtmlPage, name: string | RegExp): Element[] {
  return page.visible("section, [role=region], nav").filter((element) => {
    const $element = page.$(element);
    const labelledBy = $element.attr("aria-labelledby");
    const label = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => page.$(`[id="${id}"]`).text())
          .join(" ")
      : ($element.attr("aria-label") ?? "");
    return matches(squash(label), name);
  });
}

/** The first section with this name; throws when there is none. */
export function region(page: HtmlPage, name: string | RegExp): Cheerio<Element> {
  const [found] = regions(page, name);
  if (!found) throw new Error(`no region ${String(name)} on ${page.url.pathname}`);
  return page.$(found);
}

/** A link's target as the path a request asks for: the fragment stays in the browser. */
export const pathOf = (page: HtmlPage, href: string) => {
  const url = new URL(href, page.url);
  return `${url.pathname}${url.search}`;
};

/** Whether a control with this label is on the page. */
export function hasControl(page: HtmlPage, label: string | RegExp): boolean {
  try {
    page.control(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a control holds as the server drew it, as the browser would show it: a field's value, a
 * select's chosen option (the first when none is marked), a textarea's text.
 */
export function valueOf(page: HtmlPage, label: string | RegExp): string {
  const control = page.control(label);
  const $control = page.$(control);
  if (control.name === "textarea") return $control.text();
  if (control.name === "select") {
    const options = $control.find("option").toArray();
    const chosen = options.find((o) => page.$(o).is("[selected]")) ?? options[0];
    return chosen ? (page.$(chosen).attr("value") ?? squash(page.$(chosen).text())) : "";
  }
  return $control.attr("value") ?? "";
}

/** A select's options as the visitor reads them. */
export function optionTexts(page: HtmlPage, label: string | RegExp): string[] {
  return page
    .$(page.control(label))
    .find("option")
    .toArray()
    .map((option) => squash(page.$(option).text()));
}

/** Whether the control with this label is disabled. */
export const isDisabled = (page: HtmlPage, label: string | RegExp) =>
  page.$(page.control(label)).is("[disabled]");

/** Every JSON-LD object on the page. */
export function jsonLd(page: HtmlPage): Record<string, unknown>[] {
  // page.visible() keeps only elements of domhandler's type "tag", and a <script> has its own.
  return page
    .$('script[type="application/ld+json"]')
    .toArray()
    .map((script) => JSON.parse(page.$(script).html() ?? "") as Record<string, unknown>);
}

/** What fillBooking (tests/e2e/support/booking.ts) types, by label. */
export const robin = (phone: string) => ({
  "First Name": "Robin",
  "Last Name": "Okafor",
  Email: "robin.okafor@example.com",
  Phone: phone,
  "Device Category": "Mobile Repair Service",
  "Device Brand": "Samsung",
  "Device Model": "Galaxy S23",
  "Issue Type": "Charging Port Repair",
  "Issue Description": "Only charges at an angle.",
});

/**
 * The booking form with a day's times, as a browser without JavaScript gets it: the date typed
 * (with anything else given) and "Show times for this date" pressed.
 */
export async function formForDay(
  request: APIRequestContext,
  date = nextWeekday(),
  fields: Record<string, string> = {},
) {
  const blank = await visitor(request).open("/book-appointment");
  return blank
    .form("Book Appointment")
    .fill({ ...fields, "Preferred Date": date })
    .submit("Show times for this date");
}

/** The submission key a form page carries. */
export const submissionKeyOf = (page: HtmlPage) =>
  page.$('input[name="submissionKey"]').attr("value")!;

/** A booking form as a browser without JavaScript posts it: the API payload, as form fields. */
export const bookingFormFields = (overrides: Record<string, unknown>, submissionKey: string) =>
  Object.fromEntries(
    Object.entries({ ...bookingPayload(overrides), submissionKey }).map(([name, value]) => [
      name,
      String(value),
    ]),
  );
