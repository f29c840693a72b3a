import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { bookingPayload, bookViaApi } from "../e2e/support/api";
import { nextWeekday, uniquePhone } from "../e2e/support/booking";
import { HtmlPage, visitor } from "./support/html-page";
import { bookingFormFields, robin, submissionKeyOf, valueOf } from "./public-forms-support";

const renderedKey = async (request: APIRequestContext, path: string) =>
  submissionKeyOf(await visitor(request).open(path));

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
      form: bookingFormFields({ firstName: "Mallory" }, key),
      maxRedirects: 0,
    });
    expect(attack.status()).toBe(400);
    const html = await attack.text();
    const page = await HtmlPage.from(request, attack);
    expect(page.text()).toContain(
      "This form has expired. Please check your details and submit again.",
    );
    expect(valueOf(page, "First Name")).toBe("Mallory");
    expect(html).not.toContain("Victoria");
    expect(html).not.toContain("victoria.first@example.com");
    expect(html).not.toContain("/track-repair/");
  });

  test("the same form sent again with other details opens the booking sent first, never a second one", async ({
    request,
  }) => {
    const blank = await visitor(request).open("/book-appointment");
    const key = submissionKeyOf(blank);
    const phone = uniquePhone();
    // The visitor's first sending was stored, and its answer lost on the way.
    const first = await request.post("/book-appointment", {
      form: bookingFormFields({ firstName: "Robin", phone }, key),
      maxRedirects: 0,
    });
    expect(first.status()).toBe(303);

    // The date step keeps the key the form was sent with; the visitor changes the time and sends.
    const day = await blank
      .form("Book Appointment")
      .fill({ "Preferred Date": nextWeekday() })
      .submit("Show times for this date");
    const again = await day
      .form("Book Appointment")
      .fill({ ...robin(phone), "Preferred Time": "17:00" })
      .submit("Book Appointment");
    expect(again.url.pathname).toBe(first.headers()["location"]);
    expect(again.headings(1)).toContain("Booking Received!");
    expect(again.toast()).toEqual({
      type: "message",
      title: "This booking had already reached us",
      description:
        "We kept the details you sent first. To change the time or cancel, use this page.",
    });
    // The time first sent (bookingPayload's), not the one changed to.
    expect(again.text()).toContain("at 11:00 AM");
    const { bookings } = (await (
      await request.get(`/api/endpoints/track_repair.php?phoneNumber=${encodeURIComponent(phone)}`)
    ).json()) as { bookings: unknown[] };
    expect(bookings).toHaveLength(1);
  });

  test("pages with a per-visitor key or personal data are private, as HTML and as single-fetch data", async ({
    request,
  }) => {
    const privately = async (response: APIResponse, label: string) => {
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
      form: bookingFormFields({}, key),
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
