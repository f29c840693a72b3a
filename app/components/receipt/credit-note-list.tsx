import type { InvoiceView } from "~/types/invoice";
import { formatCents } from "~/utils/invoice-totals";

/** An invoice's credit notes, each taken off what is owed, with its reason and date. */
export function CreditNoteList({
  notes,
  className = "",
}: {
  notes: InvoiceView["creditNotes"];
  className?: string;
}) {
  if (!notes.length) return null;
  return (
    <ul className={className} aria-label="Credit notes">
      {notes.map((note) => (
        <li key={note.number} className="flex flex-wrap justify-between gap-x-4 py-1">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            Credit note {note.number}, {note.on}: {note.reason}
          </span>
          <span className="tabular-nums">−{formatCents(note.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}
