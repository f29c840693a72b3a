import { Fragment } from "react";
import { contact } from "~/config/shop";

const numbers: readonly string[] = [contact.phone.display, contact.whatsapp.display];
const phoneSplit = new RegExp(
  `(${numbers.map((n) => n.replace(/[()+]/g, (c) => `\\${c}`)).join("|")})`,
);

/**
 * Text that may name the shop's numbers, each kept on one line: "(905) 555-0142" broken after
 * "(905)" or at the hyphen is misread and mistyped. Links to a number are kept whole by the
 * stylesheet (`a[href^="tel:"]`).
 */
export function PhoneText({ text }: { text: string }) {
  return text.split(phoneSplit).map((part, i) =>
    numbers.includes(part) ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
