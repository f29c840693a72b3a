import type { ToastMessage } from "~/content/messages/form-messages";
import type { QueuedForm } from "~/offline/queued-answer";

/** Where each form lives, to bring a refused submission back to it. */
export const formPaths: Record<QueuedForm, string> = {
  booking: "/book-appointment",
  contact: "/contact",
};

const things: Record<QueuedForm, string> = { booking: "booking", contact: "message" };

export const keptTitle = (form: QueuedForm) => `Your ${things[form]} is saved on this phone`;

export const keptExplanation = (form: QueuedForm) =>
  `There is no connection right now, so we kept your ${things[form]} here. It will be sent automatically as soon as you are back online, even if you close this page. You will see the confirmation here, or the next time you open our site.`;

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
