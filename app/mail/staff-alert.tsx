import {
  Button,
  Details,
  mailHtml,
  mailText,
  Paragraph,
  textDetails,
  type MailContent,
} from "./mail-layout";

type Rows = readonly (readonly [string, string | null])[];

/**
 * To the shop when a customer writes in. The subject is the one part of a message the logs may
 * show, so callers keep customer data out of it. A long free text (`note`) is the table's last
 * row in HTML and a paragraph of its own in plain text, where a row would run off the line.
 */
export function staffAlertMail({
  subject,
  title,
  promise,
  details,
  note,
  link,
}: {
  subject: string;
  title: string;
  promise: string;
  details: Rows;
  note?: readonly [string, string];
  link: { label: string; href: string };
}): MailContent {
  return {
    subject,
    html: mailHtml(
      title,
      <>
        <Paragraph>{promise}</Paragraph>
        <Details rows={note ? [...details, note] : details} />
        <Button href={link.href}>{link.label}</Button>
      </>,
    ),
    text: mailText([
      title,
      promise,
      textDetails(details),
      note && `${note[0]}:\n${note[1]}`,
      `${link.label}: ${link.href}`,
    ]),
  };
}
