import { expect, test } from "./fixtures";
import { fillBooking, uniquePhone } from "./support/booking";

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

  test("lists missing fields in a toast, marks them, and keeps what was typed", async ({
    page,
    jsEnabled,
  }) => {
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await page.goto("/book-appointment");
    await page.getByLabel("First Name").fill("Robin");
    await page.getByLabel("Email").fill("not-an-email");
    if (!jsEnabled) {
      // Without JavaScript the browser stops empty required fields itself; what the server
      // answers a browser that does not is tested directly.
      await expect(page.getByLabel("Last Name")).toHaveAttribute("required", "");
      const submissionKey = await page.locator('input[name="submissionKey"]').inputValue();
      const response = await page.request.post("/book-appointment", {
        form: { firstName: "Robin", submissionKey },
      });
      expect(response.status()).toBe(400);
      const html = await response.text();
      expect(html).toContain(
        "Please fill in the following fields: Last Name, Email, Phone, Device Category, Issue Type, Preferred Date, Preferred Time",
      );
      expect(html).toContain('value="Robin"');
      return;
    }
    await page.getByRole("button", { name: "Book Appointment" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Missing Information");
    // The date comes filled in: the first day with a free time.
    await expect(toast).toContainText(
      "Please fill in the following fields: Last Name, Phone, Device Category, Issue Type, Preferred Time",
    );
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByLabel("Last Name")).toBeFocused();
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
    // The schema checked the form in the browser: nothing was sent.
    expect(posts).toBe(0);

    // Corrected fields lose their message as they are typed.
    await page.getByLabel("Email").fill("robin@example.com");
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeHidden();
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
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
    jsEnabled,
  }) => {
    const phone = uniquePhone();
    await page.goto("/book-appointment");
    await fillBooking(page, phone, { time: "16:30" });

    let dropped = false;
    await page.route(/\/book-appointment(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST" || dropped) return route.continue();
      dropped = true;
      await route.fetch(); // the server stores the booking...
      await route.abort("connectionreset"); // ...and the answer never arrives
    });
    await page
      .getByRole("button", { name: "Book Appointment" })
      .click()
      .catch(() => {});

    if (jsEnabled) {
      // Kept on the phone under the same key and sent again by itself.
      await expect(
        page.getByRole("heading", { name: "Your booking is saved on this phone" }),
      ).toBeVisible();
    } else {
      // The browser shows its own connection error; reloading sends the same form again.
      await expect(page).toHaveURL(/^chrome-error:/);
      await page.reload();
    }
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
