import type { Booking } from "~/types/booking";

import { address, brand, contact } from "~/config/shop";
import { newBookingWords } from "~/content/messages/booking-messages";

import { changePaths } from "~/utils/appointment-change";
import { trackingUrl } from "~/utils/booking-reference";

import { describeBooking } from "./booking-details";
import {
  Button,
  Details,
  Heading,
  mailHtml,
  mailText,
  Paragraph,
  PlainLink,
  textDetails,
  type MailContent,
} from "./mail-layout";

const whatToBring = [
  "Your device, and its charger for a laptop, watch or console",
  "Your passcode, or be ready to unlock the device, so we can test the repair",
  "A recent backup of your data if you can make one",
] as const;

type Section = { heading: string; lines: readonly string[] };

/**
 * What differs between a booking made online (an appointment to come to, with a calendar file)
 * and a repair dropped off at the counter (the device is with us already).
 */
function wording(
  booking: Booking,
  b: ReturnType<typeof describeBooking>,
  confirmedAtOnce: boolean,
) {
  if (b.walkIn) {
    return {
      title: `Thanks for choosing ${brand.name}, ${booking.firstName}`,
      subject: `Your ${brand.name} repair ${b.reference}`,
      promise: `We have your device: repair ${b.reference}, dropped off ${b.appointment}. We'll let you know as soon as it is ready.`,
      when: ["Dropped off", b.appointment] as const,
      extra: [
        ["Quote", b.quote] as const,
        ...(b.expectedDelivery ? [["Expected ready", b.expectedDelivery] as const] : []),
      ],
      calendarNote: undefined,
      changeOnline: undefined,
      section: {
        heading: "Picking it up",
        lines: [`Bring your intake ticket, or give your Repair ID ${b.reference} at the counter.`],
      } satisfies Section,
    };
  }
  const words = newBookingWords(confirmedAtOnce);
  return {
    title: `Thanks for booking, ${booking.firstName}`,
    subject: `Your ${brand.name} booking ${b.reference} is ${words.status}`,
    promise: `Your booking ${b.reference} is ${words.status}. ${words.next}`,
    when: ["Appointment", b.appointment] as const,
    // The price list's price of the repair booked, when it has one (docs/decisions/0057).
    extra: [
      ["Urgency", b.urgency] as const,
      ...(booking.quotedPrice === null ? [] : [["Quoted price", b.quote] as const]),
    ],
    calendarNote: "The attached calendar file adds the appointment to your calendar.",
    changeOnline: {
      intro:
        "Plans changed? You can change the time or cancel online, until shortly before your appointment (the page says until when).",
      ...changePaths(booking.trackingToken),
    },
    section: { heading: "What to bring", lines: whatToBring } satisfies Section,
  };
}

/**
 * To the customer right after booking online (with an .ics attachment) or dropping a device off at
 * the counter. An online booking is "received" or "confirmed", as the shop's setting said when it
 * was stored (`confirmedAtOnce`), in the same words as its page and its text.
 */
export function bookingConfirmationMail(
  booking: Booking,
  origin: string,
  confirmedAtOnce = false,
): MailContent {
  const b = describeBooking(booking);
  const words = wording(booking, b, confirmedAtOnce);
  const link = trackingUrl(origin, booking.trackingToken);
  const details = [
    ["Repair ID", b.reference],
    words.when,
    ["Device", [b.category, b.device].filter(Boolean).join(" — ")],
    ["Repair", booking.issueType],
    ...words.extra,
  ] as const;
  const change = `${words.changeOnline ? "Anything else to change" : "Need to change something"}? Call us at ${contact.phone.display} and quote ${b.reference}.`;
  const online = words.changeOnline && {
    intro: words.changeOnline.intro,
    reschedule: `${origin}${words.changeOnline.reschedule}`,
    cancel: `${origin}${words.changeOnline.cancel}`,
  };
  const list = words.section.lines.length > 1;

  return {
    subject: words.subject,
    html: mailHtml(
      words.title,
      <>
        <Paragraph>{words.promise}</Paragraph>
        <Details rows={details} />
        {words.calendarNote ? <Paragraph>{words.calendarNote}</Paragraph> : null}
        <Heading>Track your repair</Heading>
        <Paragraph>
          Keep this link private: it shows your repair&apos;s status and your details at any time.
        </Paragraph>
        <Button href={link}>Track my repair</Button>
        <PlainLink href={link} />
        {online ? (
          <>
            <Heading>Change or cancel</Heading>
            <Paragraph>{online.intro}</Paragraph>
            <Paragraph>
              <a href={online.reschedule}>Change the time</a> ·{" "}
              <a href={online.cancel}>Cancel the booking</a>
            </Paragraph>
          </>
        ) : null}
        <Heading>{words.section.heading}</Heading>
        {list ? (
          <ul
            style={{
              margin: "0 0 16px",
              paddingLeft: "20px",
              fontSize: "16px",
              lineHeight: "24px",
            }}
          >
            {words.section.lines.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <Paragraph>{words.section.lines[0]}</Paragraph>
        )}
        <Heading>Where to find us</Heading>
        <Paragraph>
          <a href={address.directionsLink}>{address.full}</a>
        </Paragraph>
        <Paragraph>{change}</Paragraph>
      </>,
    ),
    text: mailText([
      words.title,
      words.promise,
      textDetails(details),
      ...(words.calendarNote ? [words.calendarNote] : []),
      `Track your repair (keep this link private):\n${link}`,
      online &&
        `${online.intro}\nChange the time: ${online.reschedule}\nCancel the booking: ${online.cancel}`,
      `${words.section.heading}:\n${list ? words.section.lines.map((item) => `- ${item}`).join("\n") : words.section.lines[0]}`,
      `Where to find us:\n${address.full}\n${address.directionsLink}`,
      change,
    ]),
  };
}
