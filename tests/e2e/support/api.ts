import type { APIRequestContext } from "@playwright/test";
import { nextWeekday, uniquePhone } from "./booking";

export function bookingPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Sam",
    lastName: "Tremblay",
    email: "sam.tremblay@example.com",
    phone: uniquePhone(),
    deviceCategory: "Laptop Repair",
    deviceBrand: "Apple",
    deviceModel: "MacBook Air 13-inch (M1, 2020)",
    issueType: "Keyboard Replacement",
    issueDescription: "Several keys stopped working after a spill.",
    preferredDate: nextWeekday(5),
    preferredTime: "11:00 AM",
    urgency: "urgent",
    ...overrides,
  };
}

/** Books through the legacy endpoint, as the old site's JavaScript did. */
export async function bookViaApi(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
) {
  const payload = bookingPayload(overrides);
  const response = await request.post("/api/endpoints/submit_booking.php", { data: payload });
  if (response.status() !== 201)
    throw new Error(`booking failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { id: number; reference: string };
  return { ...body, phone: payload.phone as string };
}

/** Sends Dana Quill's quote request through the legacy endpoint, with this message. */
export async function sendContactMessage(request: APIRequestContext, message: string) {
  const response = await request.post("/api/endpoints/send_contact_message.php", {
    data: { name: "Dana Quill", email: "dana@example.com", subject: "quote-request", message },
  });
  if (response.status() !== 201)
    throw new Error(`message failed: ${response.status()} ${await response.text()}`);
}
