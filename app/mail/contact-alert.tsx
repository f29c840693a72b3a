import type { ContactMessage } from "~/models/contact-message.server";
import { contactSubjects, policies } from "~/config/shop";
import { formatShopDateTime } from "~/utils/shop-time";
import {
  Button,
  Details,
  mailHtml,
  mailText,
  Paragraph,
  textDetails,
  type MailContent,
} from "./mail-layout";

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
  const promise = `We promise an answer within ${policies.messageReplyWithinHours} hours. Reply to this e-mail to answer the sender, then mark the message handled.`;

  return {
    // No sender name here: the subject is the one part of a message the logs may show.
    subject: `New message #${message.id}: ${subject}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{promise}</Paragraph>
        <Details rows={[...details, ["Message", message.message]]} />
        <Button href={adminUrl}>Open messages in admin</Button>
      </>,
    ),
    text: mailText([
      title,
      promise,
      textDetails(details),
      `Message:\n${message.message}`,
      `Open messages in admin: ${adminUrl}`,
    ]),
  };
}
