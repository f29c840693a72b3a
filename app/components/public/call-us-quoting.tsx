import { contact } from "~/config/shop";

/** The last line of a page a customer keeps: the shop's number and the reference to quote. */
export function CallUsQuoting({ lead, reference }: { lead: string; reference: string }) {
  return (
    <p className="mt-8 text-sm text-slate-600">
      {lead} Call us at{" "}
      <a href={contact.phone.href} className="whitespace-nowrap text-brand-700 underline">
        {contact.phone.display}
      </a>{" "}
      and quote {reference}.
    </p>
  );
}
