import { policies } from "~/config/shop";
import type { ToastMessage } from "~/content/messages/form-messages";
import type { QueuedForm } from "~/offline/queued-answer";

/** Where each form lives, to bring a refused submission back to it. */
export const formPaths: Record<QueuedForm, string> = {
  booking: "/book-appointment",
  contact: "/contact",
  trade: "/sell",
};

/** The fields of /sell's address that open an offer's step: the device and the answers. */
const sellStepFields = [
  "category",
  "brand",
  "model",
  "storage",
  "powersOn",
  "screen",
  "body",
  "battery",
  "partsWork",
  "accountLocked",
  "carrierLocked",
];

/**
 * Where a refused submission is posted back to show its reasons: its form; for an offer, the
 * offer step of its device and answers (the seller's own details never go in the address).
 */
export function refusedFormPath(form: QueuedForm, values: Record<string, unknown>): string {
  if (form !== "trade") return formPaths[form];
  const params = new URLSearchParams(
    sellStepFields.flatMap((name) => {
      const value = values[name];
      return typeof value === "string" ? [[name, value]] : [];
    }),
  );
  return `${formPaths.trade}?${params}`;
}

const things: Record<QueuedForm, string> = {
  booking: "booking",
  contact: "message",
  trade: "offer",
};

export const keptTitle = (form: QueuedForm) => `Your ${things[form]} is saved on this phone`;

export const keptExplanation = (form: QueuedForm) =>
  `It has not reached us yet: the connection is too weak or gone. We will send your ${things[form]} automatically as soon as the connection allows, even if you close this page, and it will reach us only once. You will see the confirmation here, or the next time you open our site.`;

/** While the service worker asks the server whether a slow post landed (decision 0060). */
export const checkingLine = (form: QueuedForm) =>
  `The connection is slow. We are checking whether your ${things[form]} reached us…`;

/** While a change or deletion waits for the server's word on the kept copy. */
export const askingLine = "Checking with the shop first…";

/** A form opened offline from the phone's copy (decision 0061). */
export const offlineFormLine = (form: QueuedForm) =>
  `You are offline. You can still fill in this form and send it: your ${things[form]} is saved on this phone and sent as soon as you are back online.`;

/**
 * A kept submission the visitor changed or deleted had reached the shop before: a booking changes
 * or is cancelled on its confirmation page, a message stays sent.
 */
export const alreadyLandedToast = (form: QueuedForm, change: boolean): ToastMessage =>
  form === "trade"
    ? {
        type: "message",
        title: "Your offer had already reached us",
        description: "Here it is, with its reference. To change it, ask for a new offer.",
      }
    : form === "booking"
      ? {
          type: "message",
          title: "Your booking had already reached us",
          description: change
            ? "To change the time or the details, use this page."
            : "So it was not deleted. To cancel it, use this page.",
        }
      : {
          type: "message",
          title: "Your message had already reached us",
          description: change
            ? "Change it here and send it again: it goes as a new message."
            : `It can't be taken back. We'll get back to you within ${policies.messageReplyWithinHours} hours.`,
        };

/**
 * A kept submission taken back while the server could not be asked: it will never be sent, and
 * is asked about once the connection is back.
 */
export const withdrawnToast = (form: QueuedForm): ToastMessage => ({
  type: "message",
  title: `Your ${things[form]} is off this phone`,
  description: `It won't be sent. We couldn't check whether it had already reached us: if it had, you will see it here once you are back online.`,
});

/** One taken back that way turns out to have reached the shop before (decision 0060). */
export const landedAfterAllToast = (form: QueuedForm): ToastMessage =>
  form === "trade"
    ? {
        type: "message",
        title: "The offer you took back had already reached us",
        description: "Here it is. If you've changed your mind, just don't bring the device in.",
      }
    : form === "booking"
      ? {
          type: "message",
          title: "The booking you took back had already reached us",
          description: "To cancel it or change it, use this page.",
        }
      : {
          type: "message",
          title: "The message you took back had already reached us",
          description: `We'll get back to you within ${policies.messageReplyWithinHours} hours.`,
        };

export const keptWaitingLine = (count: number) =>
  count === 1
    ? "1 request is saved on this phone and will be sent when you are back online."
    : `${count} requests are saved on this phone and will be sent when you are back online.`;

export const keptRefusedToast = (form: QueuedForm): ToastMessage => ({
  type: "destructive",
  title: `Your saved ${things[form]} was not sent`,
  description: "Please check the form and send it again.",
});

export const updateReadyLine = "A new version of this site is ready.";
