import { address, contact } from "~/config/shop";
import { gradeLabel } from "~/content/device-grades";
import type { DeviceGrade } from "~/types/trade";
import { formatCents } from "~/utils/invoice-totals";
import { shopDevicePath } from "~/utils/shop-device";
import { formatShopDateTime } from "~/utils/shop-time";
import type { MailContent } from "./mail-layout";
import { shopText } from "./sms-content.server";
import { noticeMail } from "./notice-mail";
import { staffAlertMail } from "./staff-alert";

/** A reservation as its messages tell of it. */
export type ReservationNews = {
  reference: string;
  expiresAt: Date;
  name: string;
  email: string | null;
  phone: string | null;
  device: {
    publicId: string;
    brand: string;
    model: string;
    storage: string;
    grade: DeviceGrade;
    priceCents: number;
  };
};

const deviceName = ({ device }: ReservationNews) =>
  [device.brand, device.model, device.storage].filter(Boolean).join(" ");

/** To the customer: the reference to give at the counter, and until when the device is held. */
export function reservationMail(news: ReservationNews, origin: string): MailContent {
  return noticeMail({
    subject: `Reserved for you: ${deviceName(news)} (${news.reference})`,
    title: `We're holding it for you, ${news.name}`,
    intro: `Show this reference at our ${address.city} shop to pick up and pay for your device. We hold it until the time below; after that it goes back on sale.`,
    details: [
      ["Reference", news.reference],
      ["Device", `${deviceName(news)}, ${gradeLabel(news.device.grade)}`],
      ["Price", formatCents(news.device.priceCents)],
      ["Held until", formatShopDateTime(news.expiresAt)],
      ["Where", `${address.street}, ${address.city}`],
    ],
    link: { href: `${origin}${shopDevicePath(news.device)}`, label: "See the device" },
    footnote: `Changed your mind? Call us at ${contact.phone.display} and we'll let it go.`,
  });
}

/**
 * The same as a text: the reference, the device and the time, nothing else of the customer's;
 * the reference first, so a long model name cut at the text's limit never cuts it off.
 */
export const reservationText = (news: ReservationNews) =>
  shopText(
    `reservation ${news.reference} holds ${deviceName(news)} for you until ${formatShopDateTime(news.expiresAt)}. Pick it up at ${address.street}. Reply STOP to stop texts.`,
  );

/** To the shop: someone reserved a device, with the reservations page to see it on. */
export function reservationAlertMail(news: ReservationNews, origin: string): MailContent {
  return staffAlertMail({
    // The subject may reach the logs: the reference only, no customer data.
    subject: `New reservation ${news.reference}`,
    title: `${deviceName(news)} reserved for pickup`,
    promise: `Put it aside until ${formatShopDateTime(news.expiresAt)}. The customer has the reference and shows it at the counter.`,
    details: [
      ["Reference", news.reference],
      ["Device", `${deviceName(news)} (${news.device.publicId})`],
      ["Price", formatCents(news.device.priceCents)],
      ["Name", news.name],
      ["E-mail", news.email],
      ["Phone", news.phone],
    ],
    link: { label: "Open the reservations", href: `${origin}/admin/reservations` },
  });
}
