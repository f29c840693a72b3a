/** What each queued message is: the e-mail or text it becomes, and what it tells of. */
type OutboxKind =
  | "booking_alert"
  | "booking_confirmation"
  | "contact_alert"
  | "contact_copy"
  | "status_update"
  | "appointment_reminder"
  | "pickup_reminder"
  | "review_request"
  | "quote"
  | "quote_answer"
  | "staff_reply"
  | "booking_change"
  | "booking_change_alert"
  | "receipt"
  | "trade_offer"
  | "reservation"
  | "reservation_alert";
type OutboxChannel = "email" | "sms";
/** `cancelled`: not sent on purpose (the customer replied STOP, or a reminder no longer applies). */
export type OutboxStatus = "pending" | "sent" | "failed" | "cancelled";

/** A file sent with a message; text only (the .ics), so it is kept as a string. */
export type OutboxAttachment = { filename: string; contentType: string; content: string };

/**
 * A message as the `outbox` table stores it (db/schema.ts, whose comments say what each column
 * holds). Written out here so that pages and helpers can name it without importing the schema;
 * app/models/outbox-message.server.ts checks it is the table's row, column for column.
 */
export type OutboxMessage = {
  id: number;
  kind: OutboxKind;
  channel: OutboxChannel;
  bookingId: number | null;
  contactMessageId: number | null;
  /** An e-mail address, or for a text the number in E.164 form. */
  recipient: string;
  replyTo: string | null;
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  attachments: OutboxAttachment[];
  /** The row the message is rendered from, as Postgres's to_jsonb wrote it (snake_case keys). */
  facts: Record<string, unknown> | null;
  origin: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  dedupeKey: string | null;
  claimToken: string | null;
  claimedUntil: Date | null;
  recipientKey: string | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};
