import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bookingPayload, bookViaApi } from "./support/api";
import { fillBooking, uniquePhone } from "./support/booking";

const renderedKey = async (request: APIRequestContext, path: string) => {
  const page = await (await request.get(path)).text();
  return /name="submissionKey" value="([^"]+)"/.exec(page)![1]!;
};

/** A booking form as a browser without JavaScript posts it (the API payload, as form fields). */
const bookingForm = (overrides: Record<string, unknown>, submissionKey: string) =>
  Object.fromEntries(
    Object.entries({ ...bookingPayload(overrides), submissionKey }).map(([name, value]) => [
      name,
      String(value),
    ]),
  );

test.describe("submission keys", () => {
  test("a key from the JSON door posted on the booking form gets nothing of that booking", async ({
    request,
  }) => {
    const key = `order-${Date.now()}-0000000001`;
    const victim = bookingPayload({ firstName: "Victoria", email: "victoria.first@example.com" });
    const booked = await request.post("/api/endpoints/submit_booking.php", {
      data: victim,
      headers: { "Idempotency-Key": key },
    });
    expect(booked.status()).toBe(201);

    const attack = await request.post("/book-appointment", {
      form: bookingForm({ firstName: "Mallory" }, key),
      maxRedirects: 0,
    });
    expect(attack.status()).toBe(400);
    const html = await attack.text();
    expect(html).toContain("This form has expired. Please check your details and submit again.");
    expect(html).toContain('value="Mallory"');
    expect(html).not.toContain("Victoria");
    expect(html).not.toContain("victoria.first@example.com");
    expect(html).not.toContain("/track-repair/");
  });

  test("the same form key with other details is refused, the input kept, and sending again books it", async ({
    page,
    request,
  }) => {
    await page.goto("/book-appointment");
    const key = await page.locator('input[name="submissionKey"]').inputValue();
    // Someone else's submission under this page's key (a lost answer, a second tab): stored first.
    const first = await request.post("/book-appointment", {
      form: bookingForm({ firstName: "Earlier" }, key),
      maxRedirects: 0,
    });
    expect(first.status()).toBe(303);

    const phone = uniquePhone();
    await fillBooking(page, phone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "already sent with different details" }).first(),
    ).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveValue(phone);
    await expect(page.getByLabel("First Name")).toHaveValue("Robin");
    expect(await page.locator('input[name="submissionKey"]').inputValue()).not.toBe(key);

    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    await expect(page.getByText("Thank you, Robin.")).toBeVisible();
  });

  test("pages with a per-visitor key or personal data are private, as HTML and as single-fetch data", async ({
    request,
  }) => {
    const privately = async (
      response: Awaited<ReturnType<APIRequestContext["get"]>>,
      label: string,
    ) => {
      expect(response.status(), label).toBeLessThan(500);
      expect(response.headers()["cache-control"], label).toBe("private, no-store");
    };
    for (const path of ["/book-appointment", "/book-appointment.data"])
      await privately(await request.get(path), `GET ${path}`);
    // The contact page holds no one's details, only its key: the visitor's device may keep it to
    // open offline.
    for (const path of ["/contact", "/contact.data"]) {
      expect((await request.get(path)).headers()["cache-control"], `GET ${path}`).toBe(
        "private, no-cache",
      );
    }

    const key = await renderedKey(request, "/book-appointment");
    for (const path of ["/book-appointment", "/book-appointment.data"]) {
      await privately(
        await request.post(path, { form: { firstName: "Robin", submissionKey: key } }),
        `POST ${path}`,
      );
    }
    for (const path of ["/contact", "/contact.data"]) {
      await privately(
        await request.post(path, { form: { name: "Robin", submissionKey: key } }),
        `POST ${path}`,
      );
    }

    const booked = await request.post("/book-appointment", {
      form: bookingForm({}, key),
      maxRedirects: 0,
    });
    const confirmation = booked.headers()["location"]!;
    const token = confirmation.split("/").pop()!;
    for (const path of [
      confirmation,
      `${confirmation}.data`,
      `${confirmation}/appointment.ics`,
      `/track-repair/${token}`,
      `/track-repair/${token}.data`,
    ]) {
      await privately(await request.get(path), `GET ${path}`);
    }

    const { reference, phone } = await bookViaApi(request);
    for (const path of ["/track-repair", "/track-repair.data"]) {
      const answer = await request.post(path, {
        form: { repairId: reference, phoneNumber: phone },
      });
      expect(answer.status(), path).toBe(200);
      await privately(answer, `POST ${path}`);
    }
  });

  test("the JSON doors take any Idempotency-Key the draft allows and name the header for one it does not", async ({
    request,
  }) => {
    const stamp = Date.now();
    for (const key of [`booking-${stamp}.123`, `a:b-${stamp}`, `"quoted ${stamp}"`]) {
      const answer = await request.post("/api/endpoints/submit_booking.php", {
        data: bookingPayload(),
        headers: { "Idempotency-Key": key },
      });
      expect(answer.status(), key).toBe(201);
    }
    for (const key of ["k".repeat(256), `caf\u00e9-${stamp}`, `tab\there-${stamp}`]) {
      for (const path of [
        "/api/endpoints/submit_booking.php",
        "/api/endpoints/send_contact_message.php",
      ]) {
        const answer = await request.post(path, {
          data: bookingPayload({ name: "Robin", message: "Hello" }),
          headers: { "Idempotency-Key": key },
        });
        expect(answer.status(), `${path} ${key}`).toBe(400);
        expect((await answer.json()).message).toContain("Idempotency-Key");
      }
    }
  });
});
