import { expect, test } from "./fixtures";
import { fillBooking, uniquePhone } from "./support/booking";
import { recordPendingButtons } from "./support/pending";

test.describe("booking", () => {
  test("books an appointment and shows the reference, tracking link and calendar file", async ({
    page,
    request,
  }) => {
    await page.goto("/book-appointment");
    await expect(page.getByRole("group", { name: "Personal Information" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Device Information" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Schedule Appointment" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Business Hours" })).toBeVisible();

    const phone = uniquePhone();
    await fillBooking(page, phone);
    // A weekday: all 17 times and the prompt.
    await expect(page.getByLabel("Preferred Time").locator("option")).toHaveCount(18);
    await page.getByRole("button", { name: "Book Appointment" }).click();

    await expect(page).toHaveURL(/\/book-appointment\/confirmation\/[\w-]{32}$/);
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    const reference = await page.getByTestId("booking-reference").textContent();
    expect(reference).toMatch(/^WF-\d{5}$/);

    const calendarHref = await page
      .getByRole("link", { name: "Add to calendar" })
      .getAttribute("href");
    const ics = await request.get(calendarHref!);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    const body = await ics.text();
    expect(body).toContain("DTSTART;TZID=America/Toronto:");
    expect(body).toContain("T153000");
    expect(body).toContain(reference!);

    await page.getByTestId("tracking-link").click();
    await expect(page.getByRole("heading", { name: reference! })).toBeVisible();
    await expect(page.getByText("Robin Okafor")).toBeVisible();
    await expect(page.getByTestId("status-badge")).toHaveText("Pending");

    await page.goBack();
    await page.getByRole("link", { name: "Book Another Appointment" }).click();
    await expect(page).toHaveURL(/\/book-appointment$/);
    await expect(page.getByLabel("First Name")).toHaveValue("");
  });

  test("the browser stops at the first missing field; the server lists them all in a toast, and keeps what was typed", async ({
    page,
  }) => {
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await page.goto("/book-appointment");
    await page.getByLabel("First Name").fill("Robin");
    await page.getByLabel("Email").fill("not-an-email");
    // With or without JavaScript the browser checks the HTML constraints the schema gives.
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByLabel("Last Name")).toBeFocused();
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
    expect(posts).toBe(0);

    // What the server answers a browser that does not check.
    const submissionKey = await page.locator('input[name="submissionKey"]').inputValue();
    const response = await page.request.post("/book-appointment", {
      form: { firstName: "Robin", email: "not-an-email", submissionKey },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Missing Information");
    expect(html).toContain(
      "Please fill in the following fields: Last Name, Phone, Device Category, Issue Type, Preferred Date, Preferred Time",
    );
    expect(html).toContain("Please enter a valid e-mail address.");
    expect(html).toContain('value="Robin"');
  });

  test("the button waits while the booking is sent, and an answer with messages focuses the first marked field", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "without JavaScript the browser shows its own progress");
    await page.goto("/book-appointment");
    await fillBooking(page, uniquePhone());
    await page.getByLabel("Last Name").fill("");
    // Sent as a browser that does not check the form would, after a pause.
    await page.locator("form[data-kept-form]").evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await page.route(/\/book-appointment$/, async (route) => {
      if (route.request().method() === "POST") await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    const pending = await recordPendingButtons(page);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    expect(pending).toEqual(["Booking..., true"]);

    await expect(page.getByLabel("Last Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Last Name")).toBeFocused();
    await expect(page.getByRole("button", { name: "Book Appointment" })).toBeEnabled();
    await expect(page.getByLabel("Device Model")).toHaveValue("Galaxy S23");
  });

  test("prefills from the price selector's link, including an issue not in the list", async ({
    page,
  }) => {
    await page.goto(
      "/book-appointment?brand=Apple&model=iPhone%2015%20Pro&issue=Screen%20Repair%20(Glass%20and%20LCD)&price=329.99&deviceCategory=Mobile%20Repair%20Service",
    );
    await expect(page.getByLabel("Device Category")).toHaveValue("Mobile Repair Service");
    await expect(page.getByLabel("Device Brand")).toHaveValue("Apple");
    await expect(page.getByLabel("Device Model")).toHaveValue("iPhone 15 Pro");
    await expect(page.getByLabel("Issue Type")).toHaveValue("Screen Repair (Glass and LCD)");
    await expect(page.getByLabel("Issue Description")).toHaveValue(
      "I want to repair my Apple iPhone 15 Pro for Screen Repair (Glass and LCD). I want to confirm the price, which is 329.99.",
    );
    await page.goto(
      "/book-appointment?brand=Google&model=Pixel%208&issue=Battery%20Replacement&price=",
    );
    await expect(page.getByLabel("Issue Description")).toHaveValue(
      "I want to repair my Google Pixel 8 for Battery Replacement. I want to confirm the price.",
    );
  });

  test("a booking whose response was lost is resubmitted without a second booking", async ({
    page,
  }) => {
    const phone = uniquePhone();
    await page.goto("/book-appointment");
    await fillBooking(page, phone, { time: "16:30" });

    let dropped = false;
    await page.route(/\/book-appointment(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST" || dropped) return route.continue();
      dropped = true;
      await route.fetch(); // the server stores the booking...
      await route.abort("connectionreset"); // ...and the answer never arrives
    });
    await page
      .getByRole("button", { name: "Book Appointment" })
      .click()
      .catch(() => {});

    // The browser shows its own connection error; reloading sends the same form again. (With the
    // service worker the booking is kept on the phone instead: offline.spec.ts.)
    await expect(page).toHaveURL(/^chrome-error:/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    const reference = await page.getByTestId("booking-reference").textContent();

    // One booking for the number (a phone alone does not show its reference), and it is this one.
    const lookup = (query: Record<string, string>) =>
      page.request
        .get(`/api/endpoints/track_repair.php?${new URLSearchParams(query)}`)
        .then((answer) => answer.json() as Promise<{ bookings: { reference?: string }[] }>);
    expect((await lookup({ phoneNumber: phone })).bookings).toHaveLength(1);
    const both = await lookup({ phoneNumber: phone, repairId: reference! });
    expect(both.bookings.map((b) => b.reference)).toEqual([reference]);
  });
});
