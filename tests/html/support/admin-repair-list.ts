import type { APIRequestContext } from "@playwright/test";
import { apiToken } from "../../e2e/support/admin";
import { bookViaApi } from "../../e2e/support/api";
import { nextWeekday } from "../../e2e/support/booking";

/**
 * Bookings for the repair list's specs, at the HTML level (tests/html/admin-repair-list.spec.ts)
 * and in the browser (tests/e2e/admin-repair-list.spec.ts).
 */

/**
 * A surname no other test (or another project's run of this one) uses: the search that finds just
 * ours.
 */
export const uniqueSurname = () =>
  `Lister${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Sets a booking's status as staff do, without telling the customer. */
export async function setStatus(request: APIRequestContext, id: number, status: string) {
  const response = await request.post("/api/admin/update_booking.php", {
    headers: { authorization: `Bearer ${await apiToken(request)}` },
    data: { id, status, notifyCustomer: false },
  });
  if (!response.ok()) throw new Error(`update_booking.php answered ${response.status()}`);
}

/**
 * Three bookings of one customer surname: an iPhone 13 the soonest, a Galaxy, a Pixel the latest.
 * Three people, each with an address of their own (one address would make them one customer).
 */
export async function bookThree(request: APIRequestContext, surname: string) {
  const book = (
    firstName: string,
    model: string,
    brand: string,
    daysAhead: number,
    urgency: string,
  ) =>
    bookViaApi(request, {
      firstName,
      lastName: surname,
      email: `${brand}.${surname}@example.com`.toLowerCase(),
      deviceCategory: "Mobile Repair Service",
      deviceBrand: brand,
      deviceModel: model,
      preferredDate: nextWeekday(daysAhead),
      urgency,
    });
  const iphone = await book("Ada", "iPhone 13", "Apple", 3, "emergency");
  const galaxy = await book("Zoë", "Galaxy S21", "Samsung", 10, "normal");
  const pixel = await book("Mia", "Pixel 7", "Google", 20, "urgent");
  return { iphone, galaxy, pixel };
}
