import type { ClaimView } from "~/components/admin/warranty-panel";
import type { warrantyClaims } from "#db/schema";
import { bookingReference } from "~/utils/booking-reference";
import { formatShopDate } from "~/utils/shop-time";

/** A claim as the pages show it, named by the other repair of the two (`linkedId`). */
export const claimView = (
  claim: typeof warrantyClaims.$inferSelect,
  linkedId: number,
): ClaimView => ({
  id: linkedId,
  reference: bookingReference(linkedId),
  covered: claim.covered,
  exclusion: claim.exclusion,
  note: claim.note,
  on: formatShopDate(claim.createdAt),
});
