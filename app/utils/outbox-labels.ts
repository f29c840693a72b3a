import type { OutboxMessage } from "~/types/outbox";

/** What each message is, as staff read it on the Outbox and a repair's page. */
export const messageKindLabels: Record<OutboxMessage["kind"], string> = {
  booking_alert: "New booking (to the shop)",
  booking_confirmation: "Booking confirmation",
  contact_alert: "New message (to the shop)",
  contact_copy: "Copy of a message (to its sender)",
  status_update: "Status update",
  appointment_reminder: "Appointment reminder",
  pickup_reminder: "Pickup reminder",
  review_request: "Review request",
  quote: "Quote",
  quote_answer: "Quote answered (to the shop)",
  staff_reply: "Reply from the shop",
  booking_change: "Appointment moved or cancelled",
  booking_change_alert: "Appointment moved or cancelled (to the shop)",
  receipt: "Receipt",
  trade_offer: "Offer for a device",
  reservation: "Reservation for pickup",
  reservation_alert: "New reservation (to the shop)",
};

export const messageStatusLabels: Record<OutboxMessage["status"], string> = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Not sent",
};

export const channelLabels: Record<OutboxMessage["channel"], string> = {
  email: "E-mail",
  sms: "Text",
};
