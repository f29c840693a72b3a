import { expect, test } from "@playwright/test";
import { uniqueName } from "../e2e/support/admin";
import { staffVisitor, type HtmlForm, type HtmlPage } from "./support/html-page";

/**
 * The counter's intake without JavaScript (decision 0046): the checklist kept through a refused
 * form, the repair picked from the price list by posting the form, the ticket and label printed
 * together, and the intake corrected later on the repair's page, refused when someone else
 * changed the repair meanwhile. The JavaScript side (the pick at once, the print dialog) and the
 * layout: tests/e2e/admin-intake.spec.ts.
 */

const save = "Save walk-in and print";

const fillCustomer = (form: HtmlForm, lastName: string) =>
  form.fill({
    "First name": "Maria",
    "Last name": lastName,
    Phone: "905 555 0187",
    "Device category": "mobile",
    Brand: "apple",
    Model: "iPhone 13",
    "Customer kept the passcode": true,
    "Powers on: Pass": true,
    "Cameras: Fail": true,
    "No signs of liquid: Pass": true,
  });

const checked = (page: HtmlPage, check: string) =>
  page.$(`[data-testid="check-${check}"] input[checked]`).attr("value");

const detailsForm = (page: HtmlPage) => page.form("Save Details");

/** A checklist's lines as "check answer", from the ticket or the repair's page. */
const checklist = (page: HtmlPage, testId: "ticket-checklist" | "intake-checklist") =>
  page
    .$(`[data-testid="${testId}"] li`)
    .toArray()
    .map((li) =>
      page
        .$(li)
        .children("span")
        .toArray()
        .map((span) => page.$(span).text().trim())
        .join(" "),
    );

test.describe("intake at the counter without JavaScript", () => {
  test("the checklist survives a refused form, the price list fills issue and quote, and ticket and label print together", async ({
    request,
  }) => {
    const lastName = uniqueName("Intake");
    const { landed } = await staffVisitor(request, "/admin/repairs/new");
    // Every check starts as not tested.
    for (const check of ["powers_on", "cameras", "liquid"])
      expect(checked(landed, check)).toBe("untested");

    // "Find repairs" posts the form: everything typed comes back, with the model's repairs.
    const found = await fillCustomer(landed.form(save), lastName).submit("Find repairs");
    expect(found.status).toBe(200);
    expect(found.url.pathname).toBe("/admin/repairs/new");
    expect(checked(found, "cameras")).toBe("fail");
    const pick = found.$(found.control("Repair from the price list"));
    const options = pick
      .find("option")
      .toArray()
      .map((o) => found.$(o).text());
    expect(options[0]).toBe("Choose a repair…");
    const screen = options.find((o) => /^Screen Repair \(Glass and LCD\) — \$\d+\.\d{2}$/.test(o));
    expect(screen, options.join(" | ")).toBeDefined();

    // Choosing one and pressing the button fills the issue and the quote.
    const filled = await found
      .form(save)
      .fill({ "Repair from the price list": screen! })
      .submit("Fill issue and price");
    const kept = filled.form(save).fields();
    const [repair, price] = screen!.split(" — ");
    expect(kept).toContainEqual(["issueType", repair]);
    expect(kept).toContainEqual(["quotedPrice", price!.slice(1)]);
    expect(kept).toContainEqual(["lastName", lastName]);
    expect(kept).toContainEqual(["check_cameras", "fail"]);

    // A refused save keeps the checklist and everything else.
    const refused = await filled.form(save).fill({ Phone: "555-12" }).submit(save);
    expect(refused.status).toBe(400);
    expect(refused.errorOf("Phone")).toBe("Please enter a valid 10-digit phone number.");
    expect(checked(refused, "powers_on")).toBe("pass");
    expect(checked(refused, "cameras")).toBe("fail");
    expect(checked(refused, "biometrics")).toBe("untested");
    expect(refused.form(save).fields()).toContainEqual(["issueType", repair]);

    // Saved, the walk-in lands on one page with the ticket and the label.
    const printed = await refused.form(save).fill({ Phone: "905 555 0187" }).submit(save);
    expect(printed.url.pathname).toMatch(/^\/admin\/repairs\/\d+\/print$/);
    const ticket = printed.text('[data-testid="intake-ticket"]') ?? "";
    expect(ticket).toContain(`Maria ${lastName}`);
    expect(ticket).toContain(repair);
    expect(checklist(printed, "ticket-checklist")).toEqual([
      "Powers on Pass",
      "Display and touch Not tested",
      "Cameras Fail",
      "Face ID or Touch ID Not tested",
      "Buttons Not tested",
      "Speaker and microphone Not tested",
      "Charging Not tested",
      "No signs of liquid Pass",
    ]);
    expect(printed.text('[data-testid="label-reference"]')).toBe(
      printed.text('[data-testid="ticket-reference"]'),
    );
    expect(printed.text('[data-testid="print-hint"]')).toContain("Ctrl+P");
    expect(printed.$('[data-testid="print-toolbar"] button').length).toBe(0);
    expect(printed.link("Ticket only")).toMatch(/\/ticket$/);
    expect(printed.link("Label only")).toMatch(/\/label$/);

    // The repair's page shows the checklist, and prints both again in one action.
    const page = await printed.follow("Open repair", '[data-testid="print-toolbar"]');
    expect(checklist(page, "intake-checklist")).toContain("Cameras Fail");
    expect(page.link("Print ticket and label")).toBe(`${printed.url.pathname}`);
  });

  test("every intake field is corrected after saving, and a stale edit from a second session is refused with the input kept", async ({
    request,
    playwright,
  }) => {
    const lastName = uniqueName("Edit");
    const { landed } = await staffVisitor(request, "/admin/repairs/new");
    const printed = await fillCustomer(landed.form(save), lastName)
      .fill({ Issue: "Screen Repair" })
      .submit(save);
    const id = /\/admin\/repairs\/(\d+)\/print$/.exec(printed.url.pathname)![1];
    const counter = await printed.follow("Open repair", '[data-testid="print-toolbar"]');

    // The bench, in a session of its own, records the charging check and a quote.
    const bench = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const { landed: opened } = await staffVisitor(bench, `/admin/repairs/${id}`);
      const saved = await detailsForm(opened)
        .fill({ "Charging: Fail": true, "Quoted price (CAD)": "149" })
        .submit("Save Details");
      expect(saved.status).toBe(200);
      expect(checklist(saved, "intake-checklist")).toContain("Charging Fail");
    } finally {
      await bench.dispose();
    }

    // The counter's page was drawn before: its save is refused, nothing stored, its input kept.
    const refused = await detailsForm(counter)
      .fill({
        Issue: "Battery Replacement",
        "Device condition": "dent on the corner",
        "Accessories left": "case",
        "Passcode given to technician": true,
        "Buttons: Fail": true,
      })
      .submit("Save Details");
    expect(refused.status).toBe(409);
    expect(refused.text("details")).toContain("was changed while you had it open");
    expect(refused.text("details")).toContain("quoted price, check “Charging” corrected");
    expect(refused.$("details").first().attr("open")).toBeDefined();
    const again = detailsForm(refused).fields();
    expect(again).toEqual(
      expect.arrayContaining([
        ["issueType", "Battery Replacement"],
        ["deviceCondition", "dent on the corner"],
        ["passcode", "given"],
        ["check_buttons", "fail"],
        ["check_charging", "fail"],
        ["quotedPrice", "149.00"],
      ]),
    );
    expect(checklist(refused, "intake-checklist")).toContain("Buttons Not tested");

    // Saved again as it stands, both changes are on the repair, its ticket and its history.
    const saved = await detailsForm(refused).submit("Save Details");
    expect(saved.status).toBe(200);
    const shown = checklist(saved, "intake-checklist");
    expect(shown).toEqual(expect.arrayContaining(["Buttons Fail", "Charging Fail"]));
    const history = saved.texts('[data-testid="history-entry"]').at(-1) ?? "";
    expect(history).toContain("Issue: Screen Repair → Battery Replacement");
    expect(history).toContain("Passcode: Kept by the customer → Given to the technician");
    const ticket = await saved.follow("Print ticket and label");
    expect(ticket.text('[data-testid="intake-ticket"]')).toContain("Battery Replacement");
    expect(ticket.text('[data-testid="ticket-quote"]')).toBe("$149.00");
  });
});
