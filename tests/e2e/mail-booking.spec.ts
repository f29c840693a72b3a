import { expect, test } from "./fixtures";
import { fillBooking, uniquePhone } from "./support/booking";
import { waitForMail } from "./support/mail";

test.describe("booking e-mails", () => {
  test("the confirmation e-mail carries the tracking link and the .ics, and the link shows the repair", async ({
    page,
  }) => {
    await page.goto("/book-appointment");
    const phone = uniquePhone();
    await fillBooking(page, phone);
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    const reference = (await page.getByTestId("booking-reference").textContent())!;
    const token = (await page.getByTestId("tracking-link").textContent())!.split("/").at(-1)!;

    const mail = await waitForMail(
      (m) => m.subject === `Your WeFix booking ${reference}` && !!m.text?.includes(token),
    );
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("robin.okafor@example.com");
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${reference}.ics`]);
    const link = /https?:\/\/\S+\/track-repair\/[\w-]+/.exec(mail.text ?? "")?.[0];
    expect(link).toContain(token);
    // The shop hears of it too, with a reply going to the customer.
    const alert = await waitForMail(
      (m) =>
        m.subject?.startsWith(`New booking ${reference} `) === true && !!m.text?.includes(phone),
    );
    expect(alert.replyTo?.text).toBe("robin.okafor@example.com");

    await page.goto(link!);
    await expect(page.getByRole("heading", { name: reference })).toBeVisible();
    await expect(page.getByText("Robin Okafor")).toBeVisible();
    await expect(page.getByTestId("status-badge")).toHaveText("Pending");
  });
});
