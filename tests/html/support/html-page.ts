import type { APIRequestContext, APIResponse } from "@playwright/test";
import * as cheerio from "cheerio";
import type { AnyNode, Element } from "domhandler";
import { admin } from "../../e2e/support/admin";

/**
 * The HTML level (docs/testing.md): the built server's answers read as a browser without
 * JavaScript reads them, without starting one. A page is parsed once (cheerio, on parse5); forms
 * are filled by their labels and sent as the browser would send them, cookies and redirects
 * included (Playwright's request context keeps both).
 */

/** Whitespace as a reader sees it: runs collapsed, ends trimmed. */
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Whether a node is part of a <template>'s content, which the browser never shows or sends. parse5
 * hangs that content under a fragment inside the template, which cheerio's parents() does not
 * cross, so the chain is walked by hand.
 */
function inTemplate(node: AnyNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent)
    if (parent.type === "tag" && (parent as Element).name === "template") return true;
  return false;
}

/** A browser with JavaScript off, on the test server: a cookie jar and its requests. */
export function visitor(request: APIRequestContext) {
  return {
    /** Loads a page, following redirects. */
    async open(path: string, headers: Record<string, string> = {}): Promise<HtmlPage> {
      const response = await request.get(path, { headers });
      return HtmlPage.from(request, response);
    },
    request,
  };
}

/**
 * Staff signed in as staff sign in, through the login form, with the session cookie kept in the
 * request context; `landOn` is the page asked for first, `account` the one signing in (the shop
 * owner playwright.config.ts creates by default).
 */
export async function staffVisitor(
  request: APIRequestContext,
  landOn = "/admin/dashboard",
  account: { username: string; password: string } = admin,
) {
  const browsing = visitor(request);
  const login = await browsing.open(`/admin/login?${new URLSearchParams({ redirectTo: landOn })}`);
  const landed = await login
    .form("Login")
    .fill({ Username: account.username, Password: account.password })
    .submit("Login");
  if (landed.url.pathname !== landOn.split("?")[0])
    throw new Error(`the login form led to ${landed.url.pathname}`);
  return { ...browsing, landed };
}

/**
 * A new staff account with `role`, added by the owner on the Staff page as the shop does: the
 * username and password to sign in with.
 */
export async function addStaffAccount(
  owner: Awaited<ReturnType<typeof staffVisitor>>,
  role: "manager" | "technician" | "front_desk",
) {
  const account = {
    username: `${role.slice(0, 4)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    password: `${role} password long enough`,
  };
  const added = await (
    await owner.open("/admin/staff")
  )
    .form("Add staff member")
    .fill({ Username: account.username, Role: role, "Initial password": account.password })
    .submit("Add staff member");
  if (added.status !== 200) throw new Error(`adding ${role} ${account.username}: ${added.status}`);
  return account;
}

export class HtmlPage {
  readonly $: cheerio.CheerioAPI;

  private constructor(
    private readonly request: APIRequestContext,
    readonly response: APIResponse,
    readonly html: string,
  ) {
    // As a browser with scripting off parses it: <noscript> holds markup (the Update and Search
    // buttons), not text.
    this.$ = cheerio.load(html, { scriptingEnabled: false });
  }

  static async from(request: APIRequestContext, response: APIResponse) {
    return new HtmlPage(request, response, await response.text());
  }

  get status() {
    return this.response.status();
  }

  /** The address the page ended on, after any redirects. */
  get url() {
    return new URL(this.response.url());
  }

  header(name: string): string | undefined {
    return this.response.headers()[name.toLowerCase()];
  }

  /** The text of every element `selector` matches (the page's body by default), squashed. */
  texts(selector = "body"): string[] {
    return this.visible(selector).map((element) => squash(this.$(element).text()));
  }

  /** The text of the first element `selector` matches; undefined when none does. */
  text(selector = "body"): string | undefined {
    return this.texts(selector)[0];
  }

  /** Elements `selector` matches, leaving out the inert copies inside <template>. */
  visible(selector: string): Element[] {
    return this.$(selector)
      .toArray()
      .filter((element): element is Element => element.type === "tag" && !inTemplate(element));
  }

  /** The headings' texts, of one level or of all. */
  headings(level?: 1 | 2 | 3 | 4 | 5 | 6): string[] {
    return this.texts(level ? `h${level}` : "h1, h2, h3, h4, h5, h6");
  }

  /** What the toast on the page says: its title, and its description when it has one. */
  toast(): { type: string; title: string; description?: string } | undefined {
    const [card] = this.visible('[data-testid="toast"]');
    if (!card) return undefined;
    const $card = this.$(card);
    const description = $card.find("[data-toast-description]").text();
    return {
      type: $card.attr("data-type") ?? "",
      title: squash($card.find("[data-toast-title]").text()),
      ...(description ? { description: squash(description) } : {}),
    };
  }

  /** Every role="alert" message on the page. */
  alerts(): string[] {
    return this.texts('[role="alert"]');
  }

  /** Where the link with this name (as a screen reader hears it) inside `within` leads. */
  link(name: string | RegExp, within = "body"): string {
    for (const element of this.visible(`${within} a[href]`)) {
      const own = this.$(element).clone();
      own.find('[aria-hidden="true"]').remove();
      if (nameMatches(this.$(element).attr("aria-label") ?? squash(own.text()), name))
        return this.$(element).attr("href")!;
    }
    throw new Error(`no link ${String(name)} in ${within} on ${this.url.pathname}`);
  }

  /** Follows that link, as a click without JavaScript does. */
  async follow(name: string | RegExp, within = "body"): Promise<HtmlPage> {
    const url = new URL(this.link(name, within), this.url);
    url.hash = "";
    return HtmlPage.from(this.request, await this.request.get(url.href));
  }

  /**
   * The control a label names: by <label for>, a label around it, or aria-label. Those inside
   * `within` (a form) come first, as a page may hold several forms with the same labels.
   */
  control(label: string | RegExp, within?: Element): Element {
    const matches = (text: string) =>
      typeof label === "string" ? squash(text) === label : label.test(squash(text));
    const insideFirst = (elements: Element[]) =>
      within
        ? [
            ...elements.filter((element) => this.$(element).closest(within).length),
            ...elements.filter((element) => !this.$(element).closest(within).length),
          ]
        : elements;
    for (const element of insideFirst(this.visible("label"))) {
      const $label = this.$(element);
      const own = $label.clone();
      // The name a screen reader hears: without the required fields' aria-hidden asterisk.
      own.find('input, select, textarea, [aria-hidden="true"]').remove();
      if (!matches(own.text())) continue;
      const target = $label.attr("for");
      const control = target
        ? this.$(`[id="${target}"]`).get(0)
        : $label.find("input, select, textarea").get(0);
      if (control) return control;
    }
    const named = insideFirst(this.visible("input, select, textarea")).find((element) =>
      matches(this.$(element).attr("aria-label") ?? ""),
    );
    if (named) return named;
    throw new Error(`no control labelled ${String(label)} on ${this.url.pathname}`);
  }

  /** The message tied to a control (aria-describedby), as a screen reader would read it. */
  errorOf(label: string | RegExp): string | undefined {
    const ids = this.$(this.control(label)).attr("aria-describedby")?.split(/\s+/) ?? [];
    const messages = ids
      .map((id) => this.$(`[id="${id}"]`))
      .filter(($element) => $element.length && /error/i.test($element.attr("id") ?? ""))
      .map(($element) => squash($element.text()));
    return messages[0];
  }

  /** The form that holds the submit button with this name (or the page's only form). */
  form(button?: string | RegExp): HtmlForm {
    const forms = this.visible("form");
    if (!button) {
      if (forms.length !== 1) throw new Error(`${forms.length} forms on ${this.url.pathname}`);
      return new HtmlForm(this, forms[0]!);
    }
    for (const form of forms) {
      if (submitButtons(this.$, form).some((b) => nameMatches(accessibleName(this.$, b), button)))
        return new HtmlForm(this, form);
    }
    throw new Error(`no form with a button ${String(button)} on ${this.url.pathname}`);
  }

  /** Sends a request from this page (as its form does), following redirects. */
  async send(
    method: string,
    url: URL,
    fields: [string, string][],
    files?: [string, File][],
  ): Promise<HtmlPage> {
    if (files) {
      // A form with `enctype="multipart/form-data"`, its files in the order the browser sends them.
      const multipart = new FormData();
      for (const [name, value] of [...fields, ...files]) multipart.append(name, value);
      const response = await this.request.fetch(url.pathname + url.search, {
        method: "POST",
        headers: { origin: url.origin, "sec-fetch-site": "same-origin" },
        multipart,
      });
      return HtmlPage.from(this.request, response);
    }
    const body = new URLSearchParams(fields);
    const response =
      method === "get"
        ? await this.request.get(`${url.pathname}?${body}`)
        : await this.request.fetch(url.pathname + url.search, {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              // What a browser sends with a form of the site's own.
              origin: url.origin,
              "sec-fetch-site": "same-origin",
            },
            data: body.toString(),
          });
    return HtmlPage.from(this.request, response);
  }
}

const nameMatches = (name: string, wanted: string | RegExp) =>
  typeof wanted === "string" ? name === wanted : wanted.test(name);

function submitButtons($: cheerio.CheerioAPI, form: Element): Element[] {
  const id = $(form).attr("id");
  const inside = $(form).find('button:not([type]), button[type="submit"], input[type="submit"]');
  const outside = id
    ? $(`button[form="${id}"]:not([type]), button[form="${id}"][type="submit"]`)
    : $([]);
  return [...inside.toArray(), ...outside.toArray()].filter((button) => !inTemplate(button));
}

function accessibleName($: cheerio.CheerioAPI, element: Element): string {
  const $element = $(element);
  return squash(
    $element.attr("aria-label") ??
      (element.name === "input" ? ($element.attr("value") ?? "") : $element.text()),
  );
}

/** A form filled as a visitor would fill it, then sent as the browser sends it. */
export class HtmlForm {
  /** Values set by the test, by control; the others keep what the page put in them. */
  private readonly values = new Map<AnyNode, string | boolean>();

  constructor(
    private readonly page: HtmlPage,
    readonly element: Element,
  ) {}

  /** Types into text fields, picks options (by value or label) and ticks boxes (true / false). */
  fill(fields: Record<string, string | boolean>): this {
    for (const [label, value] of Object.entries(fields)) {
      const control = this.page.control(label, this.element);
      if (control.name === "select" && typeof value === "string") {
        const option = this.page
          .$(control)
          .find("option")
          .toArray()
          .find(
            (o) =>
              this.page.$(o).attr("value") === value || squash(this.page.$(o).text()) === value,
          );
        if (!option) throw new Error(`no option ${value} in ${label}`);
        this.values.set(
          control,
          this.page.$(option).attr("value") ?? squash(this.page.$(option).text()),
        );
      } else {
        // Choosing a radio button unchooses the others of its group, as in the browser.
        const $control = this.page.$(control);
        if (value === true && $control.attr("type") === "radio")
          for (const other of this.page
            .$(this.element)
            .find(`input[type="radio"][name="${$control.attr("name")}"]`)
            .toArray())
            this.values.set(other, false);
        this.values.set(control, value);
      }
    }
    return this;
  }

  /**
   * Types into controls by their names, for a form whose rows repeat the same labels (an
   * invoice's lines): the browser's user still types into the one field of that row.
   */
  fillNamed(fields: Record<string, string | boolean>): this {
    for (const [name, value] of Object.entries(fields)) {
      const control = this.page.$(this.element).find(`[name="${name}"]`).get(0);
      if (!control) throw new Error(`no control named ${name} in the form`);
      this.values.set(control, value);
    }
    return this;
  }

  /** The fields a browser would send, in document order (HTML's form data set). */
  fields(button?: Element): [string, string][] {
    const $ = this.page.$;
    const id = $(this.element).attr("id");
    const controls = [
      ...$(this.element).find("input, select, textarea").toArray(),
      ...(id ? $(`[form="${id}"]`).filter("input, select, textarea").toArray() : []),
    ];
    const sent: [string, string][] = [];
    for (const control of controls) {
      const $control = $(control);
      const name = $control.attr("name");
      if (!name || $control.is(":disabled") || inTemplate(control)) continue;
      const type = ($control.attr("type") ?? "text").toLowerCase();
      const set = this.values.get(control);
      if (control.name === "select") {
        const options = $control.find("option").toArray();
        const selected = options.find((o) => $(o).is("[selected]")) ?? options[0];
        const chosen =
          typeof set === "string"
            ? set
            : selected && ($(selected).attr("value") ?? squash($(selected).text()));
        if (chosen !== undefined) sent.push([name, chosen]);
      } else if (control.name === "textarea") {
        sent.push([name, typeof set === "string" ? set : $control.text()]);
      } else if (type === "checkbox" || type === "radio") {
        const checked =
          typeof set === "boolean" ? set : set !== undefined || $control.is("[checked]");
        if (checked) sent.push([name, $control.attr("value") ?? "on"]);
      } else if (!["submit", "button", "image", "reset", "file"].includes(type)) {
        sent.push([name, typeof set === "string" ? set : ($control.attr("value") ?? "")]);
      }
    }
    const buttonName = button && $(button).attr("name");
    if (button && buttonName) sent.push([buttonName, $(button).attr("value") ?? ""]);
    return sent;
  }

  /**
   * Presses the submit button with this name (the first by default). As a browser does, a form
   * with an empty required field is not sent: that throws, unless `unchecked` (a crafted post).
   * `files` are the files chosen in each file input, by its name (a multipart form).
   */
  async submit(
    button?: string | RegExp,
    { unchecked = false, files }: { unchecked?: boolean; files?: Record<string, File[]> } = {},
  ): Promise<HtmlPage> {
    const $ = this.page.$;
    const buttons = submitButtons($, this.element);
    const pressed = button
      ? buttons.find((b) => nameMatches(accessibleName($, b), button))
      : buttons[0];
    if (button && !pressed) throw new Error(`no button ${String(button)} in the form`);
    const fields = this.fields(pressed);
    const skipChecks =
      unchecked ||
      $(this.element).is("[novalidate]") ||
      (pressed && $(pressed).is("[formnovalidate]"));
    if (!skipChecks) {
      for (const control of $(this.element).find("[required]").toArray()) {
        const name = $(control).attr("name");
        if (
          name &&
          !fields.some(([field, value]) => field === name && value !== "") &&
          !files?.[name]?.length
        )
          throw new Error(`the browser would not send the form: ${name} is required`);
      }
    }
    const attribute = (own: string, form: string) =>
      (pressed && $(pressed).attr(own)) ?? $(this.element).attr(form);
    const method = (attribute("formmethod", "method") ?? "get").toLowerCase();
    const url = new URL(attribute("formaction", "action") ?? "", this.page.url);
    const multipart = $(this.element).attr("enctype") === "multipart/form-data";
    const chosen = Object.entries(files ?? {}).flatMap(([name, list]) =>
      list.map((file): [string, File] => [name, file]),
    );
    return this.page.send(method, url, fields, multipart ? chosen : undefined);
  }
}
