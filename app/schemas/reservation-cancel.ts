import { z } from "zod";

/** The reservations page's Cancel button: which reservation. */
export const reservationCancelSchema = z.object({
  id: z.coerce
    .number({ message: "That reservation was not found." })
    .int()
    .positive()
    .max(2_147_483_647),
});
