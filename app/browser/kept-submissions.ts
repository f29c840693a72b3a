import { contactSentToast } from "~/content/messages/form-messages";
import { offlineChannelName } from "~/offline/offline-channel";
import type { SubmissionOutcome } from "~/offline/offline-db";
import { formPaths, keptRefusedToast, keptWaitingLine } from "~/offline/offline-messages";
import {
  forgetSubmission,
  keptSubmissions as keptOnThisPhone,
  sendKeptSubmissions,
  submissionOutcomes,
} from "~/offline/submission-queue";
import { formIdle } from "./forms";
import { showToast, toastOnNextPage } from "./toast";

/**
 * While something is kept, the page tries again soon (a lost answer on a working connection is
 * sent again at once), then every half minute.
 */
const firstRetryMs = 3_000;
const retryEveryMs = 30_000;

/**
 * A booking or message the service worker kept instead of sending (no answer in time; the
 * browser stayed on the form): the form hides behind the notice the server drew beside it
 * (components/offline/kept-notice.tsx). "Change it" shows the form again as typed, "Delete it"
 * clears it; either takes the submission back off the phone. Once it is sent, its outcome moves
 * the page on (`keptSubmissions`). Found by its submission key, which the kept copy carries.
 */
export function noticeWhenKept(form: HTMLFormElement) {
  const template = form.parentElement?.querySelector<HTMLTemplateElement>(
    "template[data-kept-notice]",
  );
  const key = new FormData(form).get("submissionKey");
  if (!template || typeof key !== "string") return;
  const channel = new BroadcastChannel(offlineChannelName);
  const look = async () => {
    const kept = (await keptOnThisPhone()).find((one) =>
      one.fields.some(([name, value]) => name === "submissionKey" && value === key),
    );
    if (!kept || !channel.onmessage) return;
    channel.close();
    channel.onmessage = null;
    formIdle(form);
    const notice = (template.content.cloneNode(true) as DocumentFragment).firstElementChild!;
    form.before(notice);
    form.hidden = true;
    notice.scrollIntoView({ block: "start" });
    notice.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
    const takeBack = async (clear: boolean) => {
      await forgetSubmission(kept.id);
      notice.remove();
      form.hidden = false;
      if (clear) form.reset();
    };
    notice.querySelector<HTMLButtonElement>("[data-kept-change]")!.onclick = () =>
      void takeBack(false);
    notice.querySelector<HTMLButtonElement>("[data-kept-delete]")!.onclick = () =>
      void takeBack(true);
  };
  channel.onmessage = () => void look();
  // The worker may have kept it before this part loaded.
  void look();
}

/**
 * Where a refused submission's answer shows: its form, posted again as it was kept, so the server
 * draws its answer (the reason, the input) as for any post; the page that opens says the kept copy
 * was not sent.
 */
function backToForm(outcome: Extract<SubmissionOutcome, { status: "refused" }>) {
  const path = formPaths[outcome.form];
  const result = outcome.answer.result as { initialValue?: Record<string, unknown> } | undefined;
  const form = document.createElement("form");
  form.method = "post";
  form.action = path;
  form.hidden = true;
  for (const [name, value] of Object.entries(result?.initialValue ?? {})) {
    if (typeof value !== "string") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  toastOnNextPage(path, keptRefusedToast(outcome.form));
  form.submit();
}

/**
 * Sends the submissions kept on this phone whenever the page is open and online (at once, when
 * the connection comes back, and again while any remain), and shows what became of each, once:
 * a booking that went through opens its confirmation; a message that went through says so (on
 * its own page, a fresh form); a refused one brings the visitor back to its form with the reason.
 * Other pages say how many wait (`data-kept-bar`).
 */
export function keptSubmissions(page: Document) {
  const bar = page.querySelector<HTMLElement>("[data-kept-bar]");
  // The page and the service worker may both announce one outcome.
  const shown = new Set<string>();
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function settle() {
    const kept = await keptOnThisPhone();
    const elsewhere = kept.filter((one) => formPaths[one.form] !== location.pathname);
    if (bar) {
      bar.textContent = keptWaitingLine(elsewhere.length);
      bar.hidden = !elsewhere.length;
    }
    if (!kept.length) {
      clearTimeout(retry);
      retry = undefined;
    } else if (retry === undefined) {
      const tryAgain = (after: number) =>
        (retry = setTimeout(() => {
          void send();
          tryAgain(retryEveryMs);
        }, after));
      tryAgain(firstRetryMs);
    }

    const outcome = (await submissionOutcomes()).find((one) => !shown.has(one.id));
    if (!outcome) return;
    shown.add(outcome.id);
    await forgetSubmission(outcome.id);
    if (outcome.status === "refused") backToForm(outcome);
    else if (outcome.form === "booking") location.assign(outcome.location);
    else if (location.pathname === formPaths.contact) {
      toastOnNextPage(formPaths.contact, contactSentToast);
      location.assign(formPaths.contact);
    } else showToast(page, contactSentToast);
  }

  async function send() {
    if (navigator.onLine) await sendKeptSubmissions().catch(() => false);
    await settle();
  }

  void send();
  new BroadcastChannel(offlineChannelName).onmessage = () => void settle();
  window.addEventListener("online", () => void send());
}
