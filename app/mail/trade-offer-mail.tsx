import { address, brand } from "~/config/shop";
import { formatCents } from "~/utils/invoice-totals";
import { formatCalendarDate, formatClockTime } from "~/utils/shop-time";
import { sellerGradeText } from "~/utils/trade-offer";
import type { DeviceGrade } from "~/types/trade";
import {
  Button,
  Details,
  mailHtml,
  mailText,
  Paragraph,
  textDetails,
  type MailContent,
} from "./mail-layout";

/** What the offer's e-mail and text tell: no more than the offer page shows. */
export type OfferNews = {
  reference: string;
  device: string;
  grade: DeviceGrade;
  offerCents: number;
  validUntil: string;
  dropOffDate: string | null;
  dropOffTime: string | null;
  name: string;
  link: string;
};

const dropOffWords = (offer: OfferNews) =>
  offer.dropOffDate && offer.dropOffTime
    ? `${formatCalendarDate(offer.dropOffDate, "weekdayShort")} at ${formatClockTime(offer.dropOffTime)}`
    : "Any time we're open";

/** The instant offer, to the address the seller gave and agreed to receive it at. */
export function tradeOfferMail(offer: OfferNews): MailContent {
  const title = `Your offer: ${formatCents(offer.offerCents)} for your ${offer.device}`;
  const lead = `Thanks, ${offer.name}. Here is our offer for your ${offer.device}. Bring it to ${address.street}, ${address.city} with photo ID before it expires, and we'll check it and pay you by cash or e-transfer. If it turns out not to match your answers, we'll tell you why and offer what it's worth.`;
  const details = [
    ["Reference", offer.reference],
    ["Offer", formatCents(offer.offerCents)],
    ["Condition", sellerGradeText(offer.grade)],
    ["Valid until", formatCalendarDate(offer.validUntil)],
    ["Drop-off", dropOffWords(offer)],
  ] as const;
  const notYou = `You asked for this offer on our website. If you didn't, someone typed your address by mistake: you can ignore this e-mail.`;
  return {
    subject: `Your ${brand.name} trade-in offer ${offer.reference}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{lead}</Paragraph>
        <Details rows={details} />
        <Button href={offer.link}>See your offer</Button>
        <Paragraph>{notYou}</Paragraph>
      </>,
    ),
    text: mailText([title, lead, textDetails(details), `See your offer: ${offer.link}`, notYou]),
  };
}

/** The offer by text: the reference, the amount, the date and the link, nothing personal. */
export const tradeOfferText = (offer: OfferNews) =>
  `${brand.name}: trade-in offer ${offer.reference}: ${formatCents(offer.offerCents)}, valid until ${formatCalendarDate(offer.validUntil, "weekdayShort")}. Details: ${offer.link}`;
