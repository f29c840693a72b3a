import type { ContactMessage } from "~/types/contact-message";
import { contactSubjects, policies } from "~/config/shop";
import { formatShopDateTime } from "~/utils/shop-time";
import type { MailContent } from "./mail-layout";
import { staffAlertMail } from "./staff-alert";

/** To the shop for every contact message; the outbox sets Reply-To to the sender. */
export function contactAlertMail(message: ContactMessage, origin: string): MailContent {
  const subject =
    contactSubjects.find((s) => s.value === message.subject)?.label ?? "General Question";
  const adminUrl = `${origin}/admin/messages`;
  const title = `New message: ${subject}`;
  const details = [
    ["Name", message.name],
    ["E-mail", message.email],
    ["Phone", message.phone],
    ["Subject", subject],
    ["Received", formatShopDateTime(message.createdAt)],
  ] as const;
  return staffAlertMail({
    // No sender name here: the subject is the one part of a message the logs may show.
    subject: `New message #${message.id}: ${subject}`,
    title,
    promise: `We promise an answer within ${policies.messageReplyWithinHours} hours. Reply to this e-mail to answer the sender, then mark the message handled.`,
    details,
    note: ["Message", message.message],
    link: { label: "Open messages in admin", href: adminUrl },
  });
}
