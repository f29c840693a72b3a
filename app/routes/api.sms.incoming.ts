import { publicOrigin, settings } from "~/server/env.server";
import { failure, json, methodNotAllowed, postOnly } from "~/server/legacy-api.server";
import { receiveText, twiml, verifyTwilioSignature } from "~/models/sms-webhook.server";
import { inboundTextSchema } from "~/schemas/sms-inbound";

const refused = () =>
  json({ success: false, message: "The request's signature does not verify." }, 403);

/**
 * Twilio's webhook for texts customers send to the shop's number. Only a request signed with the
 * account's auth token over this site's public address is read; a message id seen before is a
 * replay and refused the same way.
 */
export const action = postOnly(async ({ request }) => {
  const params = new URLSearchParams(await request.text());
  const { pathname, search } = new URL(request.url);
  const signature = request.headers.get("x-twilio-signature");
  if (
    !verifyTwilioSignature(
      settings().sms.authToken,
      `${publicOrigin()}${pathname}${search}`,
      params,
      signature,
    )
  )
    return refused();
  const parsed = inboundTextSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success)
    return json(
      { success: false, message: parsed.error.issues[0]?.message ?? "Malformed message." },
      400,
    );
  try {
    const received = await receiveText(parsed.data, publicOrigin());
    if (received.outcome === "replayed") return refused();
    return new Response(twiml(received.reply), {
      headers: { "content-type": "text/xml; charset=utf-8", "cache-control": "no-store" },
    });
  } catch (error) {
    return failure(error, "Texts cannot be received right now.");
  }
});

export const loader = () => methodNotAllowed("POST");
