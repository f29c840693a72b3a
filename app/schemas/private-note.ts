import { z } from "zod";
import { requiredText } from "./fields";

/** The most a private note holds; the table's check says the same (repair_notes_body_length). */
export const privateNoteMax = 2000;

/** A note staff keep on a repair for each other; the customer never sees it. */
export const privateNoteSchema = z.object({
  privateNote: requiredText(
    privateNoteMax,
    "Please write the note.",
    "Please keep a note under 2,000 characters.",
  ),
});
