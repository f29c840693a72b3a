import { expect, test } from "@playwright/test";
import { waitForMail } from "../e2e/support/mail";
import { staffVisitor, visitor } from "./support/html-page";
import { sellAnswers, sellQuestions } from "./support/sell-answers";

/**
 * Selling a device without JavaScript: every step of /sell is a link or a GET form, the offer
 * form posts, and the offer has its own secret page. The same flow with JavaScript is
 * tests/e2e/sell.spec.ts.
 */

const uniqueEmail = () => `seller-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe("selling a device", () => {
  test("walks from the home page's tile to an offer, keeps it once, and shows it at its link", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const home = await browsing.open("/");
    expect(home.link(/^Sell your device/)).toBe("/sell");
    expect(home.link("Sell Your Device", "footer")).toBe("/sell");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/sell</loc>");

    const questions = await sellQuestions(browsing);
    // The browser insists on every answer; a page sent without them says so.
    const unanswered = await questions
      .form("See my offer")
      .submit("See my offer", { unchecked: true });
    expect(unanswered.alerts()).toContain("Please answer every question below.");

    const offer = await questions.form("See my offer").fill(sellAnswers).submit("See my offer");
    expect(offer.text('[data-testid="offer-amount"]')).toBe("$310.00");
    expect(offer.text("main")).toContain("Good: works fully, light scratches");
    expect(offer.text("main")).toContain("Battery health below 80 %: −$40.00");
    expect(offer.text("main")).toContain("Valid until");
    expect(offer.header("cache-control")).toBe("private, no-store");

    // Neither box is ticked until the seller ticks one; a contact is needed.
    const form = offer.form("Keep my offer");
    expect(form.fields().filter(([name]) => name.startsWith("sendBy"))).toEqual([]);
    const refused = await form.fill({ "Your name": "Sam Seller" }).submit("Keep my offer");
    expect(refused.status).toBe(400);
    expect(refused.errorOf("E-mail")).toBe(
      "Please enter an e-mail address or a phone number, so we can reach you.",
    );

    const email = uniqueEmail();
    const keep = refused
      .form("Keep my offer")
      .fill({ "Your name": "Sam Seller", "E-mail": email, "By e-mail": true });
    const kept = await keep.submit("Keep my offer");
    expect(kept.url.pathname).toMatch(/^\/sell\/offer\/[A-Za-z0-9_-]{43}$/);
    expect(kept.header("cache-control")).toBe("private, no-store");
    const reference = kept.text('[data-testid="offer-reference"]')!;
    expect(reference).toMatch(/^T-[A-HJ-KMNP-Z2-9]{6}$/);
    expect(kept.text('[data-testid="offer-amount"]')).toBe("$310.00");
    expect(kept.headings(1)).toEqual(["Thanks, Sam Seller: your offer is saved"]);

    // The same form sent again (a double tap, a retry) is the same offer.
    const again = await keep.submit("Keep my offer");
    expect(again.url.pathname).toBe(kept.url.pathname);

    const mail = await waitForMail((m) => !!m.to && "text" in m.to && m.to.text === email);
    expect(mail.subject).toContain(reference);
    expect(mail.text).toContain(`$310.00`);
    expect(mail.text).toContain(kept.url.pathname);
  });

  test("a drop-off time picked takes its place in that slot, shown on the staff agenda's day", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const questions = await sellQuestions(browsing);
    const offer = await questions.form("See my offer").fill(sellAnswers).submit("See my offer");
    // The list's last time: the one other tests are least likely to pick.
    const times = offer
      .visible('select[name="dropOff"] option')
      .map((option) => ({
        value: offer.$(option).attr("value") ?? "",
        label: offer.$(option).text(),
      }))
      .filter((option) => option.value.includes(" "));
    const picked = times.at(-1)!;
    const kept = await offer
      .form("Keep my offer")
      .fill({
        "Your name": "Dee Dropper",
        "E-mail": uniqueEmail(),
        "Drop-off time": picked.value,
      })
      .submit("Keep my offer");
    expect(kept.url.pathname).toMatch(/^\/sell\/offer\//);
    const reference = kept.text('[data-testid="offer-reference"]')!;

    const date = picked.value.split(" ")[0];
    const { landed: agenda } = await staffVisitor(request, `/admin/agenda?date=${date}`);
    const slot = agenda
      .visible('[data-testid="agenda-slot"]')
      .map((row) => agenda.$(row))
      .find((row) => row.text().includes(reference))!;
    expect(slot.text()).toContain(`Trade-in drop-off ${reference}`);
    expect(slot.text()).toContain("Dee Dropper, Apple iPhone 15 128 GB");
    expect(slot.text()).not.toContain("Free");
    expect(slot.find("a").last().attr("href")).toMatch(/^\/admin\/trade-ins\/\d+$/);
    // In the picked time's row: "Mon, Nov 30, 5:30 PM" on /sell is the agenda's "5:30 PM".
    expect(picked.label.trim().endsWith(slot.find("p").first().text().trim())).toBe(true);
  });

  test("refuses a device still signed in to iCloud or Google, and says how to fix it", async ({
    request,
  }) => {
    const browsing = visitor(request);
    const questions = await sellQuestions(browsing);
    const locked = await questions
      .form("See my offer")
      .fill({ ...sellAnswers, "No, I've signed out": false, "Yes, still signed in": true })
      .submit("See my offer");
    expect(locked.headings(2)).toContain("No online offer for this one");
    expect(locked.text("main")).toContain("Turn off Find My (iCloud)");
    expect(() => locked.form("Keep my offer")).toThrow();
  });

  test("an offer link that is not one of ours is a 404", async ({ request }) => {
    const page = await visitor(request).open(`/sell/offer/${"x".repeat(43)}`);
    expect(page.status).toBe(404);
  });
});
