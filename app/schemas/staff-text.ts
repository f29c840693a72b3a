import { z } from "zod";
import { requiredText } from "./fields";

/** A text staff send a customer from the repair page; the shop's name is put in front. */
export const staffTextSchema = z.object({
  message: requiredText(
    280,
    "Please write the text to send.",
    "Please keep a text under 280 characters.",
  ),
});
