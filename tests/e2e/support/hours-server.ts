import { admin } from "./admin";
import { startServer } from "./server-process";

/**
 * A server of its own for the holidays and closures specs (tests/html/hours.spec.ts,
 * tests/e2e/hours.spec.ts): they close days inside the booking window, which would refuse the
 * bookings other specs make on the shared server.
 */
export function startHoursServer() {
  return startServer({
    PGLITE_DIR: "memory://",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "silent",
    RATE_LIMIT_LOGIN_PER_MIN: "100000",
    RATE_LIMIT_SUBMIT_PER_MIN: "100000",
    BOOKING_SLOT_CAPACITY: "100000",
  });
}
