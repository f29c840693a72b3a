import {
  Button,
  Details,
  mailHtml,
  mailText,
  Paragraph,
  PlainLink,
  textDetails,
  type MailContent,
} from "./mail-layout";

type Notice = {
  subject: string;
  title: string;
  intro: string;
  details: readonly (readonly [string, string | null | undefined])[];
  /**
   * The one thing to do: a button, then the address written out for mail apps that hide buttons
   * (`written: false` for the shop's own alerts); `textLabel` introduces it in the plain text.
   */
  link: { href: string; label: string; textLabel?: string; written?: boolean };
  footnote?: string;
};

/** A short e-mail: a few facts and one link. */
export function noticeMail({
  subject,
  title,
  intro,
  details,
  link,
  footnote,
}: Notice): MailContent {
  return {
    subject,
    html: mailHtml(
      title,
      <>
        <Paragraph>{intro}</Paragraph>
        <Details rows={details} />
        <Button href={link.href}>{link.label}</Button>
        {link.written === false ? null : <PlainLink href={link.href} />}
        {footnote ? <Paragraph>{footnote}</Paragraph> : null}
      </>,
    ),
    text: mailText([
      title,
      intro,
      textDetails(details),
      `${link.textLabel ?? link.label}:\n${link.href}`,
      footnote,
    ]),
  };
}
