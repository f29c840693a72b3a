import { submitContactMessage } from "~/models/contact-message.server";
import { contactFailedToast } from "~/content/messages/form-messages";
import { json, jsonPost, methodNotAllowed } from "~/server/legacy-api.server";
import { publicOrigin } from "~/server/env.server";
import { submissionDoorRefused, withIdempotencyKey } from "~/server/submission-door.server";
import { contactSchema } from "~/schemas/contact";

export const loader = () => methodNotAllowed("POST");

/** The legacy contact endpoint; an Idempotency-Key header makes a retry store nothing new. */
export const action = jsonPost(
  contactSchema,
  contactFailedToast.description!,
  async (data, { context }) => {
    const result = await submitContactMessage(data, context, publicOrigin(), "api");
    switch (result.outcome) {
      case "saved":
      case "replayed":
        return json({ success: true }, 201);
      default:
        return submissionDoorRefused(result);
    }
  },
  withIdempotencyKey,
);
