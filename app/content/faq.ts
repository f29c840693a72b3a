import {
  address,
  booking,
  brand,
  contact,
  contactSubjects,
  openingHoursText,
  policies,
  urgencies,
  warranty,
} from "~/config/shop";
import { contactPromise } from "./messages/booking-messages";

export const faqCategories = [
  { value: "general", label: "General" },
  { value: "repair", label: "Repair" },
  { value: "warranty", label: "Warranty" },
  { value: "timing", label: "Timing" },
] as const;

export type FaqCategory = (typeof faqCategories)[number]["value"];

export type FaqItem = {
  /** kebab-case, unique */
  id: string;
  category: FaqCategory;
  question: string;
  /** plain text, may contain line breaks */
  answer: string;
};

/** "a, b, c or d" */
function listWithOr(items: readonly string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

const hoursLines = openingHoursText.map((h) => `${h.days}: ${h.hours}`).join("\n");
const paymentList = listWithOr(policies.paymentMethods.map((m) => m.toLowerCase()));
const exclusionList = warranty.exclusions.map((e) => `• ${e}`).join("\n");
const exampleRepairId = `${booking.referencePrefix}00042`;
const warrantySubject =
  contactSubjects.find((s) => s.value === "warranty-claim")?.label ?? "Warranty Claim";
const urgencyList = urgencies.map((u) => `• ${u.label}`).join("\n");

export const faqItems: FaqItem[] = [
  // General
  {
    id: "what-devices-do-you-repair",
    category: "general",
    question: "What devices do you repair?",
    answer: `We repair phones, tablets, laptops, game consoles and smart watches. That covers the major brands, including Apple, Samsung and Google phones, as well as popular tablet, laptop and console makers.

If you don't see your device listed on our services pages, call us at ${contact.phone.display} or send us a message. There's a good chance we can still help.`,
  },
  {
    id: "where-are-you-located",
    category: "general",
    question: "Where are you located and when are you open?",
    answer: `${brand.name} is at ${address.full}. Our opening hours are:
${hoursLines}

We have one location, so every repair is done in our own shop.`,
  },
  {
    id: "do-you-accept-walk-ins",
    category: "general",
    question: "Do I need an appointment, or can I walk in?",
    answer: `Walk-ins are always welcome during opening hours and we'll see you as soon as a technician is free. Booking an appointment online guarantees you a time slot, so it's the best option if you're on a tight schedule. After you book, we'll contact you ${contactPromise} to confirm the details.`,
  },
  {
    id: "do-you-sell-devices-and-accessories",
    category: "general",
    question: "Do you sell devices and accessories?",
    answer: `Yes. Alongside repairs we sell second-hand devices and a range of accessories, including cases, screen protectors, chargers and cables. Stock changes often, so drop by the shop or call ${contact.phone.display} to ask what's currently available.`,
  },
  {
    id: "what-payment-methods-do-you-accept",
    category: "general",
    question: "When do I pay, and what payment methods do you accept?",
    answer: `Payment is due when your repair is complete, before you take the device home. We accept ${paymentList}. There is no charge for the diagnostic itself.`,
  },

  // Repair
  {
    id: "is-the-diagnostic-free",
    category: "repair",
    question: "Do you charge for diagnostics?",
    answer: `No. The diagnostic is free. We'll inspect your device, explain what's wrong and give you a quote. Nothing is repaired until you approve the price, and if you decide not to go ahead you can take your device back at no cost.`,
  },
  {
    id: "what-parts-do-you-use",
    category: "repair",
    question: "Do you use original parts?",
    answer: `We use original parts where available and high-quality parts otherwise. When there's a choice (for example, between an original and a high-quality replacement screen), we'll explain the difference in price and quality so you can decide. Every part we install is covered by our ${warranty.days}-day warranty.`,
  },
  {
    id: "can-you-fix-water-damage",
    category: "repair",
    question: "Can you fix a water-damaged device?",
    answer: `Often, yes, but time matters. Switch the device off straight away, don't try to charge it and bring it in as soon as you can. Please skip the bag of rice: it doesn't remove the corrosion that causes most of the damage.

We'll open the device, clean the affected components and check what can be saved. Liquid damage can be unpredictable, so we'll tell you honestly what we find before any paid work begins.`,
  },
  {
    id: "is-my-data-safe-during-a-repair",
    category: "repair",
    question: "Is my personal data safe during a repair?",
    answer: `Yes. We only access your device as far as we need to test the repair, for example checking the camera, touch screen, speakers or charging. We don't open, copy or keep your photos, messages or other personal data.

We still recommend backing up your device before any repair and, if you're comfortable doing so, removing your SIM card and memory card. Some repairs, such as board-level work, can carry a small risk of data loss.`,
  },
  {
    id: "what-if-you-find-more-problems",
    category: "repair",
    question: "What happens if you find another problem during the repair?",
    answer: `We'll stop and contact you before doing anything extra. You'll get a clear explanation and an updated price, and we only continue with your approval. You'll never be charged for work you didn't agree to.`,
  },

  // Warranty
  {
    id: "what-does-the-warranty-cover",
    category: "warranty",
    question: "What does your warranty cover?",
    answer: `Every repair comes with a ${warranty.days}-day warranty on ${warranty.covers}, starting from ${warranty.startsFrom}. If the part we installed fails or the same fault comes back because of our work, we'll fix it at no charge. Please keep your invoice, as it shows the date your warranty started.`,
  },
  {
    id: "what-is-not-covered-by-the-warranty",
    category: "warranty",
    question: "What isn't covered by the warranty?",
    answer: `The warranty covers the repair we did. It doesn't cover:
${exclusionList}

A device that has been opened or repaired by someone else after our repair is also no longer covered for that repair.`,
  },
  {
    id: "how-do-i-make-a-warranty-claim",
    category: "warranty",
    question: "How do I make a warranty claim?",
    answer: `Bring your device and invoice to the shop, or contact us first by phone at ${contact.phone.display}, by e-mail at ${contact.emails.repairs} or through our contact form (choose "${warrantySubject}" as the subject). We'll inspect the device, and warranty claims are processed within ${warranty.processingBusinessDays} business days.`,
  },
  {
    id: "do-you-offer-refunds",
    category: "warranty",
    question: "Do you offer refunds?",
    answer: `We don't offer refunds or store credit. If a covered repair fails within the ${warranty.days}-day warranty period, we'll repair it again or replace the faulty part at no cost to you. This doesn't affect any rights you have under Ontario consumer protection law.`,
  },

  // Timing
  {
    id: "how-long-does-a-repair-take",
    category: "timing",
    question: "How long does a repair take?",
    answer: `We offer same-day service on most repairs, including common jobs such as screen and battery replacements. When you book, you can choose how quickly you need the device back:
${urgencyList}

Board-level work, water damage and repairs that need a special-order part can take longer. We'll give you an estimated time before we start.`,
  },
  {
    id: "how-quickly-will-you-get-back-to-me",
    category: "timing",
    question: "How quickly will you get back to me after I book or send a message?",
    answer: `After you book an appointment online, we'll contact you ${contactPromise} to confirm the details of your booking. Messages sent through our contact form or by e-mail get a reply within ${policies.messageReplyWithinHours} hours. For anything urgent, call us at ${contact.phone.display} or message us on WhatsApp at ${contact.whatsapp.display}.`,
  },
  {
    id: "how-do-i-track-my-repair",
    category: "timing",
    question: "How can I check the status of my repair?",
    answer: `Use the Track Repair page on our website. Enter your repair ID (it looks like ${exampleRepairId} and is shown when you book) or the phone number you booked with, and you'll see the current status along with any note from your technician.`,
  },
  {
    id: "what-if-i-cannot-pick-up-my-device",
    category: "timing",
    question: "What if I can't pick up my device right away?",
    answer: `We'll hold your device for you, but please collect it as soon as you can. Devices left uncollected for ${policies.abandonedAfterDays} days after we've told you they're ready may be considered abandoned, and after ${policies.disposedAfterDays} days they may be disposed of. If you need more time, just call us at ${contact.phone.display} and we'll work something out.`,
  },
];

/** The six entries shown on the contact page. */
export const contactPageFaqIds: string[] = [
  "do-you-accept-walk-ins",
  "how-quickly-will-you-get-back-to-me",
  "is-the-diagnostic-free",
  "how-long-does-a-repair-take",
  "what-does-the-warranty-cover",
  "what-payment-methods-do-you-accept",
];
