import {
  address,
  brand,
  contact,
  openingHoursText,
  policies,
  trade,
  warranty,
} from "~/config/shop";
import { contactPromise } from "./messages/booking-messages";

export type LegalSection = { id: string; title: string; html: string };

const phoneLink = `<a href="${contact.phone.href}">${contact.phone.display}</a>`;
const infoEmailLink = `<a href="mailto:${contact.emails.info}">${contact.emails.info}</a>`;
const repairsEmailLink = `<a href="mailto:${contact.emails.repairs}">${contact.emails.repairs}</a>`;
const paymentItems = policies.paymentMethods.map((m) => `<li>${m}</li>`).join("");
const exclusionItems = warranty.exclusions.map((e) => `<li>${e}</li>`).join("");
const hoursItems = openingHoursText.map((h) => `<li>${h.days}: ${h.hours}</li>`).join("");

export const terms = {
  title: "Terms and Conditions",
  lastUpdated: "July 2025",
  intro: `These terms apply to every repair and service provided by ${brand.name} at ${address.full}. By leaving a device with us, booking an appointment or approving a repair, you agree to them. We've written them in plain language; if anything is unclear, please ask us before you approve your repair.`,
  sections: [
    {
      id: "diagnostics",
      title: "Diagnostics",
      html: `<p>Diagnostics are free. We inspect your device, identify the fault and explain what we found before any paid work begins.</p>
<p>Some faults, such as intermittent problems or liquid damage, only become fully visible once a device is opened or partly repaired. If we find something new during the repair, we'll contact you before going any further.</p>`,
    },
    {
      id: "estimates-and-approval",
      title: "Estimates and Approval",
      html: `<p>After the diagnostic we give you a quote for the repair. Prices shown on our website are a guide and may change once we've inspected your specific device.</p>
<ul>
<li>We only start a repair after you approve the quoted price.</li>
<li>We won't do additional work or charge more than the approved amount without first getting your consent.</li>
<li>If you decline the quote, you can collect your device at no charge.</li>
</ul>`,
    },
    {
      id: "repairs-and-parts",
      title: "Repairs and Parts",
      html: `<p>We use original parts where available and high-quality parts otherwise. If there is a choice of parts for your repair, we'll explain the options and their prices so you can decide.</p>
<p>Please note:</p>
<ul>
<li>Opening a device can affect its factory water and dust resistance, and we can't guarantee that this resistance will be the same after a repair.</li>
<li>Devices that were previously damaged, exposed to liquid or repaired elsewhere may have hidden faults that are outside our control.</li>
<li>Replaced parts are kept or responsibly recycled by us unless you ask to take them back when you approve the repair.</li>
</ul>`,
    },
    {
      id: "turnaround",
      title: "Turnaround Times",
      html: `<p>We offer same-day service on most repairs. Walk-ins are welcome, and booking an appointment guarantees you a time slot. After you book online, we'll contact you ${contactPromise} to confirm the details.</p>
<p>Any completion time we give you is an estimate. Repairs that need a special-order part, board-level work or liquid damage treatment can take longer, and we'll keep you updated. You can check the status of your repair at any time on our <a href="/track-repair">Track Repair</a> page.</p>`,
    },
    {
      id: "warranty",
      title: "Warranty",
      html: `<p>Every repair comes with a <strong>${warranty.days}-day warranty on ${warranty.covers}</strong>, starting from ${warranty.startsFrom}. If a part we installed fails, or the same fault returns because of our workmanship, we'll repair it again at no charge.</p>
<p>The warranty does not cover:</p>
<ul>${exclusionItems}</ul>
<p>The warranty also ends for a repair if the device is opened or repaired by anyone other than ${brand.name} after our repair.</p>
<p>To make a claim, bring your device and invoice to the shop or contact us at ${repairsEmailLink} or ${phoneLink}. Warranty claims are processed within <strong>${warranty.processingBusinessDays} business days</strong>.</p>
<p>We do not offer refunds or store credit. Where a claim is accepted, the remedy is a repeat repair or replacement of the faulty part.</p>`,
    },
    {
      id: "payment",
      title: "Payment",
      html: `<p>Payment is due in full when your repair is complete, before the device is returned to you. We accept:</p>
<ul>${paymentItems}</ul>
<p>All prices are in Canadian dollars, and applicable taxes (HST) are added to your invoice.</p>`,
    },
    {
      id: "abandoned-devices",
      title: "Uncollected Devices",
      html: `<p>Please collect your device promptly once we let you know it's ready. We'll try to reach you by phone and e-mail before taking any of the steps below.</p>
<ul>
<li>Devices left uncollected for <strong>${policies.abandonedAfterDays} days</strong> may be considered abandoned.</li>
<li>Devices left uncollected for <strong>${policies.disposedAfterDays} days</strong> may be disposed of, including through responsible electronics recycling.</li>
</ul>
<p>If you need more time, contact us and we'll do our best to make arrangements.</p>`,
    },
    {
      id: "data-and-backups",
      title: "Your Data and Backups",
      html: `<p>Please back up your device before bringing it in. Most repairs don't affect stored data, but some, such as board-level repairs and work on liquid-damaged devices, can result in data loss.</p>
<p>We only access your device as far as needed to test the repair. We don't open, copy or keep your personal files, photos or messages. If testing needs your passcode, we'll ask for it; you're welcome to remove your SIM card and memory card before drop-off.</p>
<p>How we handle the personal information you give us is described in our <a href="/privacy-policy">Privacy Policy</a>.</p>`,
    },
    {
      id: "customer-rights-and-commitments",
      title: "Your Rights and Our Commitments",
      html: `<p>You have the right to:</p>
<ul>
<li>A free diagnostic and a clear quote before any paid work begins.</li>
<li>Decide whether to go ahead, and to decline the repair at no charge.</li>
<li>An itemized invoice showing the work done and the parts used.</li>
<li>Ask questions about your repair at any time, and get honest answers.</li>
</ul>
<p>We commit to:</p>
<ul>
<li>Handling your device with care in an anti-static work area.</li>
<li>Never charging for work you haven't approved.</li>
<li>Keeping you informed about the progress of your repair.</li>
<li>Respecting your privacy and your personal data.</li>
<li>Standing behind our work with our ${warranty.days}-day warranty.</li>
</ul>`,
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of Liability",
      html: `<p>We take reasonable care with every device we repair. To the extent permitted by law, our liability for any claim related to a repair is limited to the amount you paid for that repair, and we are not responsible for indirect losses such as lost data, lost use of the device or lost income.</p>
<p>We are not responsible for faults that existed before the repair, faults unrelated to the work we did, or damage caused by prior repairs carried out elsewhere.</p>
<p>These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. Nothing in these terms limits or excludes any rights you have under the Consumer Protection Act, 2002 (Ontario) or other consumer protection laws that cannot be waived.</p>`,
    },
    {
      id: "contact",
      title: "Contact Us",
      html: `<p>If you have questions about these terms or about a repair, please get in touch:</p>
<ul>
<li>Phone: ${phoneLink}</li>
<li>E-mail: ${infoEmailLink} (general questions) or ${repairsEmailLink} (repairs and warranty claims)</li>
<li>In person: ${address.full}</li>
</ul>
<p>Our opening hours are:</p>
<ul>${hoursItems}</ul>
<p>You can also send us a message through our <a href="/contact">contact page</a>.</p>`,
    },
  ] satisfies LegalSection[],
};

export const privacyPolicy = {
  title: "Privacy Policy",
  lastUpdated: "November 28, 2026",
  intro: `${brand.name} respects your privacy. This policy explains what personal information we collect when you visit our website, book a repair or contact us, how we use it and the choices you have.`,
  sections: [
    {
      id: "introduction",
      title: "Introduction",
      html: `<p>${brand.name} is a device repair shop located at ${address.full}. This Privacy Policy applies to our website and to the personal information we collect in our shop and when you contact us.</p>
<p>We handle personal information in line with the Personal Information Protection and Electronic Documents Act (PIPEDA). We only collect what we need to provide our services, and we don't sell your personal information.</p>`,
    },
    {
      id: "information-we-collect",
      title: "Information We Collect",
      html: `<p>We collect the information you choose to give us:</p>
<ul>
<li><strong>Bookings:</strong> your name, e-mail address, phone number, device type, brand and model, a description of the issue, and your preferred date, time and urgency.</li>
<li><strong>Contact messages:</strong> your name, e-mail address, phone number (optional), the subject and your message.</li>
<li><strong>In-shop repairs:</strong> the details on your repair ticket and invoice, and any notes about the work done on your device.</li>
<li><strong>Devices you sell us:</strong> your name and phone number, the type and number of the government photo ID you show, the device's details and IMEI or serial number, what we paid and how, and your signed declaration that the device is yours to sell.</li>
</ul>
<p>Our website counts page views to understand which pages are useful. It does this without cookies and without storing IP addresses, and the counts are not used to identify you.</p>
<p>The website uses a short-lived cookie only to display a confirmation message after you submit a form, and staff sign-in uses a cookie for the admin area. We don't use advertising or cross-site tracking cookies.</p>`,
    },
    {
      id: "how-we-use-your-information",
      title: "How We Use Your Information",
      html: `<p>We use your personal information to:</p>
<ul>
<li>Confirm and manage your booking, and contact you about it (we aim to reach you ${contactPromise}).</li>
<li>Carry out and invoice your repair, and handle warranty claims.</li>
<li>Show the status of your repair on our <a href="/track-repair">Track Repair</a> page when you enter your repair ID or phone number.</li>
<li>Reply to your messages and questions.</li>
<li>Keep the records we need for accounting and legal purposes.</li>
</ul>
<p>When you sell us a device, your ID is used for the purchase record only. Its number is stored encrypted, shown to staff only as its last four digits, and erased ${trade.sellerIdKeptDays} days after the purchase, the period the shop keeps it for.</p>
<p>Booking details are kept for as long as we need them to provide the service, honour the warranty and meet our record-keeping obligations. We won't send you marketing messages unless you've asked us to.</p>`,
    },
    {
      id: "disclosure-of-your-information",
      title: "Disclosure of Your Information",
      html: `<p>We don't sell, rent or trade your personal information. We only share it:</p>
<ul>
<li>With service providers that help us run our website and business, such as hosting and e-mail providers, who may only use it to provide their service to us.</li>
<li>When the law requires it, for example in response to a valid court order.</li>
<li>With your consent, or at your direction.</li>
</ul>
<p>Our pages include links to, and an embedded map from, other websites such as maps, WhatsApp and social media. When you use those services, their own privacy policies apply.</p>`,
    },
    {
      id: "data-security",
      title: "Data Security",
      html: `<p>We use reasonable physical, organizational and technical safeguards to protect your personal information, including encrypted connections to our website and limiting access to staff who need it to do their jobs.</p>
<p>While your device is with us, it is stored securely in the shop, and our technicians only access it as far as needed to test the repair. No method of storage or transmission is completely secure, so we also recommend backing up your device and removing your SIM and memory cards before a repair.</p>`,
    },
    {
      id: "children-under-13",
      title: "Children Under 13",
      html: `<p>Our website and online services are not intended for children under ${policies.privacyMinimumAge}. We don't knowingly collect personal information from anyone under ${policies.privacyMinimumAge}. A parent or guardian should make bookings and contact us on a child's behalf.</p>
<p>If you believe a child under ${policies.privacyMinimumAge} has given us personal information, please contact us and we will delete it.</p>`,
    },
    {
      id: "changes-to-this-policy",
      title: "Changes to This Policy",
      html: `<p>We may update this Privacy Policy from time to time. When we do, we'll post the new version on this page and change the "Last updated" date.</p>`,
    },
    {
      id: "contact-us",
      title: "Contact Us",
      html: `<p>If you have questions about this policy, or want to access, correct or delete the personal information we hold about you, please contact us:</p>
<ul>
<li>E-mail: ${infoEmailLink}</li>
<li>Phone: ${phoneLink}</li>
<li>Mail or in person: ${brand.name}, ${address.full}</li>
</ul>
<p>We reply to messages within ${policies.messageReplyWithinHours} hours and will respond to access and correction requests within the time PIPEDA allows. If you're not satisfied with our response, you can contact the Office of the Privacy Commissioner of Canada.</p>`,
    },
  ] satisfies LegalSection[],
};
