import type { ContactMessage } from "~/types/contact-message";
import { brand, contact, contactSubjects, policies } from "~/config/shop";
import { formatShopDateTime } from "~/utils/shop-time";
import {
  Details,
  mailHtml,
  mailText,
  Paragraph,
  textDetails,
  type MailContent,
} from "./mail-layout";

/**
 * To the sender who ticked "Send me a copy": what they wrote, as the shop received it. It names
 * no link and adds nothing of the shop's but the promise, so it is no use for sending others
 * anything (the per-recipient limits bound how many one address gets, too).
 */
export function contactCopyMail(message: ContactMessage): MailContent {
  const subject = contactSubjects.find((s) => s.value === message.subject)?.label;
  const title = `We have your message, ${message.name}`;
  const promise = `Thanks for writing to ${brand.name}. We'll reply within ${policies.messageReplyWithinHours} hours. Here is a copy of what you sent.`;
  const details = [
    ["Sent", formatShopDateTime(message.createdAt)],
    ["Subject", subject ?? null],
    ["Phone", message.phone],
  ] as const;
  const notYou = `You asked for this copy on our contact form. If you didn't write to us, someone typed your address by mistake: you can ignore this e-mail, or tell us at ${contact.emails.info}.`;
  return {
    subject: `Your message to ${brand.name}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{promise}</Paragraph>
        <Details rows={[...details, ["Message", message.message]]} />
        <Paragraph>{notYou}</Paragraph>
      </>,
    ),
    text: mailText([title, promise, textDetails(details), `Message:\n${message.message}`, notYou]),
  };
}
