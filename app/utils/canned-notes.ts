import { address, brand, warranty } from "~/config/shop";
import type { BookingStatus } from "~/utils/booking-status";

/**
 * The customer message a status change puts in the note (the note IS shown on the tracking page
 * and sent with the status e-mail). Ready for Pickup is the one that brings the customer in, so it
 * says where; Completed comes after the handover, so it thanks them (docs/decisions/0041).
 */
export const cannedNotes: Record<BookingStatus, string> = {
  pending: "Your device has been registered at our service center. The repair will begin shortly.",
  in_progress:
    "Your device is currently under repair. We will send you an update after the quality check.",
  waiting_parts:
    "We have ordered the part your repair needs. The repair will be completed as soon as it arrives.",
  ready_for_pickup: `Your repair is complete and your device is ready for pickup at ${address.street}, ${address.city}, during our opening hours. Please bring your repair reference.`,
  completed: `Your device has been handed back to you. Thank you for choosing ${brand.name}! Your repair has a ${warranty.days}-day warranty on ${warranty.covers}.`,
  cancelled:
    "Your repair request has been cancelled. Please make a new booking if you need service again.",
};

/**
 * A status change whose note the staff member left untouched gets the new
 * status's canned message; a note they wrote or cleared themselves is kept as they left it.
 * `submittedNote` undefined means untouched.
 */
export function noteAfterUpdate({
  currentStatus,
  currentNote,
  newStatus,
  submittedNote,
}: {
  currentStatus: BookingStatus;
  currentNote: string | null;
  newStatus: BookingStatus;
  submittedNote: string | null | undefined;
}): string | null {
  if (submittedNote !== undefined) return submittedNote;
  return newStatus === currentStatus ? currentNote : cannedNotes[newStatus];
}
