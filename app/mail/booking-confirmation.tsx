import { address, booking as bookingRules, brand, contact } from "~/config/shop";
import { trackingUrl } from "~/lib/booking-reference";
import { describeBooking, type MailBooking } from "./booking-details";
import { Button, Details, Heading, mailHtml, mailText, Paragraph, PlainLink, textDetails, type MailContent } from "./mail-layout";

const whatToBring = [
  "Your device, and its charger for a laptop, watch or console",
  "Your passcode, or be ready to unlock the device, so we can test the repair",
  "A recent backup of your data if you can make one",
] as const;

/** To the customer right after booking; the .ics file travels as an attachment. */
export function bookingConfirmationMail(booking: MailBooking, origin: string): MailContent {
  const b = describeBooking(booking);
  const link = trackingUrl(origin, booking.trackingToken);
  const title = `Thanks for booking, ${booking.firstName}`;
  const promise = `We have your booking ${b.reference}. We'll contact you within ${bookingRules.contactWithinHours} hour to confirm your appointment.`;
  const details = [
    ["Reference", b.reference],
    ["Appointment", b.appointment],
    ["Device", [b.category, b.device].filter(Boolean).join(" — ")],
    ["Repair", booking.issueType],
    ["Urgency", b.urgency],
  ] as const;
  const change = `Need to change something? Call us at ${contact.phone.display} and quote ${b.reference}.`;

  return {
    subject: `Your ${brand.name} booking ${b.reference}`,
    html: mailHtml(
      title,
      <>
        <Paragraph>{promise}</Paragraph>
        <Details rows={details} />
        <Paragraph>The attached calendar file adds the appointment to your calendar.</Paragraph>
        <Heading>Track your repair</Heading>
        <Paragraph>Keep this link private: it shows your repair&apos;s status and your details at any time.</Paragraph>
        <Button href={link}>Track my repair</Button>
        <PlainLink href={link} />
        <Heading>What to bring</Heading>
        <ul style={{ margin: "0 0 16px", paddingLeft: "20px", fontSize: "16px", lineHeight: "24px" }}>
          {whatToBring.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Heading>Where to find us</Heading>
        <Paragraph>
          <a href={address.directionsLink}>{address.full}</a>
        </Paragraph>
        <Paragraph>{change}</Paragraph>
      </>,
    ),
    text: mailText([
      title,
      promise,
      textDetails(details),
      "The attached calendar file adds the appointment to your calendar.",
      `Track your repair (keep this link private):\n${link}`,
      `What to bring:\n${whatToBring.map((item) => `- ${item}`).join("\n")}`,
      `Where to find us:\n${address.full}\n${address.directionsLink}`,
      change,
    ]),
  };
}
