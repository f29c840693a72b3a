/**
 * A message sent through the contact form, as the `contact_messages` table stores it
 * (db/schema.ts); app/models/contact-message.server.ts checks it is the table's row.
 */
export type ContactMessage = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** One of the form's subjects (`contactSubjects` in app/config/shop.ts), or none. */
  subject: string | null;
  message: string;
  submissionKey: string;
  payloadHash: string;
  handled: boolean;
  handledAt: Date | null;
  createdAt: Date;
};
