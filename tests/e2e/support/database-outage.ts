// What a Postgres outage is asked, shared by the test that checks every answer is a 503 with its
// request id and the bench (bench/outage.ts) that times those answers.
import { bookingPayload } from "./api";
import { postFormAs } from "./server-http";

/** Public pages that read the database. */
export const outagePages = ["/price-list/mobile", "/services", "/services/mobile"];

/** Staff pages, asked with a staff cookie. */
export const outageAdminPages = [
  "/admin/dashboard",
  "/admin/repairs",
  "/admin/messages",
  "/admin/outbox",
  "/admin/analytics",
];

/** Staff forms, posted with a staff cookie. */
export const outageAdminActions: { path: string; fields: Record<string, string> }[] = [
  { path: "/admin/messages", fields: { id: "1", handled: "true" } },
  { path: "/admin/outbox", fields: { id: "1" } },
];

export type OutageAnswer = {
  status: number;
  body: string;
  requestId: string | null;
  location: string | null;
};

/** An answer read to its last byte. */
async function read(response: Promise<Response>): Promise<OutageAnswer> {
  const answer = await response;
  return {
    status: answer.status,
    body: await answer.text(),
    requestId: answer.headers.get("x-request-id"),
    location: answer.headers.get("location"),
  };
}

/** A GET, redirects not followed, with the staff cookie when one is given. */
export const getAnswer = (baseUrl: string, path: string, cookie?: string) =>
  read(fetch(`${baseUrl}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} }));

/** A staff form posted as a browser without JavaScript does. */
export const adminPostAnswer = (
  who: { url: string; cookie: string },
  { path, fields }: (typeof outageAdminActions)[number],
) => read(postFormAs(who, path, fields));

/** The booking form posted as a browser without JavaScript does; `fields` has its submission key. */
export const bookingFormAnswer = (baseUrl: string, fields: Record<string, string>) =>
  read(
    fetch(`${baseUrl}/book-appointment`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  );

/** A booking through the legacy JSON endpoint, as the old site's JavaScript sent it. */
export const legacyBookingAnswer = (baseUrl: string) =>
  read(
    fetch(`${baseUrl}/api/endpoints/submit_booking.php`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(bookingPayload()),
    }),
  );
