import { contactSentToast, type ToastMessage } from "~/content/messages/form-messages";
import { offlineChannelName } from "~/offline/offline-channel";
import type { QueuedSubmission, SubmissionOutcome } from "~/offline/offline-db";
import {
  alreadyLandedToast,
  formPaths,
  keptRefusedToast,
  keptWaitingLine,
  landedAfterAllToast,
  refusedFormPath,
  withdrawnToast,
} from "~/offline/offline-messages";
import {
  forgetSubmission,
  isWaiting,
  keptSubmissions as keptOnThisPhone,
  sendKeptSubmissions,
  submissionKeyOf,
  submissionOutcomes,
  withdrawSubmission,
  type OfflineNews,
  type Withdrawal,
} from "~/offline/submission-queue";
import { makePhoneKey } from "~/utils/phone-made-key";
import { formIdle } from "./forms";
import { showToast, toastOnNextPage } from "./toast";

/**
 * What the page shows of a kept submission the visitor took back (`change`: to change it, else
 * deleted), as the server found it (decision 0060): a booking that had landed opens its
 * confirmation page, where it changes or is cancelled; a message that had landed stays sent; one
 * taken back while the server could not be asked is off the phone, to be asked about later. False
 * when the page moves on.
 */
export function showWithdrawal(
  kept: QueuedSubmission,
  result: Withdrawal,
  change: boolean,
  say: (news: ToastMessage) => void,
): boolean {
  if (result.status === "settled") return false;
  // A booking or an offer has a page of its own to show it.
  if (result.status === "landed" && kept.form !== "contact") {
    toastOnNextPage(result.location, alreadyLandedToast(kept.form, change));
    location.assign(result.location);
    return false;
  }
  if (result.status === "landed") say(alreadyLandedToast(kept.form, change));
  if (result.status === "withdrawn") say(withdrawnToast(kept.form));
  return true;
}

/**
 * Says above a form what became of the submission taken back from it (where a toast, at the top
 * of the page, would be out of sight), in the place the server drew for it.
 */
function sayAbove(form: HTMLFormElement, template: HTMLTemplateElement, news: ToastMessage) {
  const said = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  said.querySelector("[data-title]")!.textContent = news.title;
  said.querySelector("[data-description]")!.textContent = news.description ?? "";
  form.before(said);
  said.scrollIntoView({ block: "start" });
}

/**
 * A booking or message the service worker kept instead of sending (no answer in time, and the
 * server could not say it landed; the browser stayed on the form): the form hides behind the
 * notice the server drew beside it (components/offline/kept-notice.tsx). Until then, while the
 * worker asks the server about a slow post, a line under the form's button says so. "Change it"
 * shows the form again as typed, "Delete it" clears it, each once the server has been asked
 * (`withdrawSubmission`); a deleted one leaves the form a new key, so what is typed next is a new
 * submission. Once the kept copy is sent, its outcome moves the page on (`keptSubmissions`). Found
 * by its submission key, which the kept copy carries.
 */
export function noticeWhenKept(form: HTMLFormElement) {
  const beside = form.parentElement;
  const template = beside?.querySelector<HTMLTemplateElement>("template[data-kept-notice]");
  const key = new FormData(form).get("submissionKey");
  if (!template || typeof key !== "string") return;
  const checking = beside?.querySelector<HTMLTemplateElement>("template[data-kept-checking]");
  const said = beside?.querySelector<HTMLTemplateElement>("template[data-kept-said]");
  let checkingLine: Element | undefined;
  let found = false;
  const channel = new BroadcastChannel(offlineChannelName);

  const look = async () => {
    const kept = (await keptOnThisPhone()).find(
      (one) => isWaiting(one) && submissionKeyOf(one) === key,
    );
    if (!kept || found) return;
    found = true;
    channel.close();
    checkingLine?.remove();
    // What was said of a copy taken back before is old news.
    beside?.querySelector("[data-said]")?.remove();
    formIdle(form);
    const notice = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    form.before(notice);
    form.hidden = true;
    notice.scrollIntoView({ block: "start" });
    notice.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });

    const takeBack = async (change: boolean) => {
      for (const button of notice.querySelectorAll("button")) button.disabled = true;
      notice.querySelector<HTMLElement>("[data-kept-asking]")!.hidden = false;
      const result = await withdrawSubmission(kept);
      let news: ToastMessage | undefined;
      if (!showWithdrawal(kept, result, change, (said) => (news = said))) return;
      notice.remove();
      form.hidden = false;
      const keyField = form.elements.namedItem("submissionKey") as HTMLInputElement;
      if (!change) form.reset();
      // Deleted, or a message that was sent already: what is sent next is a new submission.
      if (!change || result.status === "landed") keyField.value = makePhoneKey();
      form
        .querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")
        ?.focus({ preventScroll: Boolean(news) });
      if (news && said) sayAbove(form, said, news);
      else if (news) showToast(document, news);
    };
    notice.querySelector<HTMLButtonElement>("[data-kept-change]")!.onclick = () =>
      void takeBack(true);
    notice.querySelector<HTMLButtonElement>("[data-kept-delete]")!.onclick = () =>
      void takeBack(false);
  };

  channel.onmessage = ({ data }: MessageEvent<OfflineNews>) => {
    if (typeof data === "object" && data.key === key && checking && !checkingLine) {
      checkingLine = checking.content.firstElementChild!.cloneNode(true) as Element;
      const button = [...form.querySelectorAll("button[data-pending]")].at(-1);
      (button ?? form).after(checkingLine);
      checkingLine.scrollIntoView({ block: "nearest" });
    }
    void look();
  };
  // The worker may have kept it before this part loaded.
  void look();
}

/**
 * Where a refused submission's answer shows: its form, posted again as it was kept, so the server
 * draws its answer (the reason, the input) as for any post; the page that opens says the kept copy
 * was not sent.
 */
function backToForm(outcome: Extract<SubmissionOutcome, { status: "refused" }>) {
  const result = outcome.answer.result as { initialValue?: Record<string, unknown> } | undefined;
  const path = refusedFormPath(outcome.form, result?.initialValue ?? {});
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
  // The next page finds its toast by its path alone: an offer's address also carries its step.
  toastOnNextPage(formPaths[outcome.form], keptRefusedToast(outcome.form));
  form.submit();
}

/** A kept submission taken back that had reached the shop before: where it shows. */
function landedAfterAll(page: Document, outcome: Extract<SubmissionOutcome, { status: "landed" }>) {
  if (outcome.form === "contact") return showToast(page, landedAfterAllToast("contact"));
  toastOnNextPage(outcome.location, landedAfterAllToast(outcome.form));
  location.assign(outcome.location);
}

/**
 * While something is kept, the page tries again soon (a lost answer on a working connection is
 * sent again at once), then every half minute.
 */
const firstRetryMs = 3_000;
const retryEveryMs = 30_000;

let started = false;

/**
 * Sends the submissions kept on this phone whenever the page is open and online (at once, when
 * the connection comes back, and again while any remain), asks about those taken back, and shows
 * what became of each, once: a booking that went through opens its confirmation; a message that
 * went through says so (on its own page, a fresh form); a refused one brings the visitor back to
 * its form with the reason; one taken back that had reached the shop after all says so (a
 * booking on its confirmation page). Other pages say how many wait (`data-kept-bar`). Started
 * once per page, by whichever comes first: the idle page or a form's post.
 */
export function keptSubmissions(page: Document) {
  if (started) return;
  started = true;
  const bar = page.querySelector<HTMLElement>("[data-kept-bar]");
  // The page and the service worker may both announce one outcome.
  const shown = new Set<string>();
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function settle() {
    const kept = await keptOnThisPhone();
    const elsewhere = kept.filter(
      (one) => isWaiting(one) && formPaths[one.form] !== location.pathname,
    );
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
    else if (outcome.status === "landed") landedAfterAll(page, outcome);
    else if (outcome.form !== "contact") location.assign(outcome.location);
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
