import { phoneDigits, smsNumber } from "./phone";

/** Gmail delivers to one mailbox whatever the dots in its name, and under either domain. */
const gmailDomains = new Set(["gmail.com", "googlemail.com"]);

/**
 * An e-mail address as the shop's limits count it: one mailbox, however the address is written.
 * Trimmed and lower-cased; a `+tag` after the name dropped (name+1@…, name+2@… reach one mailbox
 * at most providers); for Gmail the dots in the name too. Only for counting: messages still go
 * to the address as typed.
 */
export function emailKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  const domain = trimmed.slice(at + 1);
  const name = trimmed.slice(0, at);
  const plus = name.indexOf("+");
  const untagged = plus > 0 ? name.slice(0, plus) : name;
  return gmailDomains.has(domain)
    ? `${untagged.replaceAll(".", "")}@gmail.com`
    : `${untagged}@${domain}`;
}

/** A phone number as the limits count it: the number a text goes to (E.164). */
export const phoneKey = (raw: string) => smsNumber(phoneDigits(raw));
