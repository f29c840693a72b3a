import { deviceName } from "~/utils/booking-description";
import { timeSlots } from "~/config/shop";
import type { QueuedSubmission } from "~/offline/offline-db";
import { isWaiting, keptSubmissions, withdrawSubmission } from "~/offline/submission-queue";
import { forgetTrackedRepair, keepTrackedRepair, trackedRepair } from "~/offline/tracked-repair";
import { formatClock } from "~/utils/clock";
import { formatLongDate, isValidDate } from "~/utils/shop-time";
import { showWithdrawal } from "./kept-submissions";
import { showToast } from "./toast";

const savedDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "medium" });
/** "Nov 28, 2026, 2:05 PM": the time as every page writes it (utils/clock.ts), not Intl's "p.m.". */
const savedAt = (time: number) => {
  const at = new Date(time);
  return `${savedDate.format(at)}, ${formatClock(at.getHours() * 60 + at.getMinutes())}`;
};

const kinds = { booking: "Booking", contact: "Message", trade: "Trade-in offer" } as const;

const field = (kept: QueuedSubmission, name: string) =>
  kept.fields.find(([key]) => key === name)?.[1] ?? "";

function keptSummary(kept: QueuedSubmission) {
  if (kept.form === "contact") return field(kept, "message").slice(0, 80);
  if (kept.form === "trade")
    return [field(kept, "brand"), field(kept, "model"), field(kept, "storage")]
      .filter(Boolean)
      .join(" ");
  const device =
    deviceName(field(kept, "deviceBrand"), field(kept, "deviceModel")) ||
    field(kept, "deviceCategory");
  const date = field(kept, "preferredDate");
  const time = timeSlots.find((slot) => slot.value === field(kept, "preferredTime"))?.label;
  return [device, isValidDate(date) ? formatLongDate(date) : "", time].filter(Boolean).join(" · ");
}

/**
 * The repair a tracking page shows is kept on the phone (the card the server drew for a copy,
 * components/offline/tracked-copy.tsx), and the page says so, with a way to remove it.
 */
async function keepThisRepair(page: Document, line: HTMLElement) {
  const card = page.querySelector<HTMLTemplateElement>("template[data-tracked-card]");
  if (!card) return;
  await keepTrackedRepair(location.pathname, card.innerHTML);
  line.hidden = false;
  line.querySelector("button")!.onclick = async () => {
    await forgetTrackedRepair();
    line.hidden = true;
  };
}

/**
 * The offline page lists what the phone keeps of the visitor's own: submissions waiting to be
 * sent and the last tracked repair, each with a way to remove it (a submission once the server
 * was asked whether it landed, as beside its form)
 * (components/offline/saved-on-this-phone.tsx). "Try again" leads back to the page that failed.
 */
async function listSaved(page: Document, saved: HTMLElement) {
  const from = new URLSearchParams(location.search).get("from");
  const retry = page.querySelector<HTMLAnchorElement>("a[data-retry]");
  if (retry && from?.startsWith("/") && !from.startsWith("//")) retry.href = from;

  const keptSection = saved.querySelector<HTMLElement>("[data-saved-kept]")!;
  const trackedSection = saved.querySelector<HTMLElement>("[data-saved-tracked]")!;
  const draw = async () => {
    const [all, tracked] = await Promise.all([keptSubmissions(), trackedRepair()]);
    const kept = all.filter(isWaiting);
    const item = keptSection.querySelector("template")!;
    keptSection.querySelector("ul")!.replaceChildren(
      ...kept.map((one) => {
        const li = item.content.cloneNode(true) as DocumentFragment;
        li.querySelector("[data-kind]")!.textContent = kinds[one.form];
        li.querySelector("[data-saved-at]")!.textContent = savedAt(one.queuedAt);
        li.querySelector("[data-summary]")!.textContent = keptSummary(one);
        const remove = li.querySelector("button")!;
        // Asked about first (decision 0060): a booking that had reached the shop opens its page.
        remove.onclick = async () => {
          remove.disabled = true;
          const result = await withdrawSubmission(one);
          if (showWithdrawal(one, result, false, (news) => showToast(page, news))) await draw();
        };
        return li;
      }),
    );
    keptSection.hidden = !kept.length;
    const card = tracked?.card;
    trackedSection.hidden = !card;
    // A removed copy leaves nothing of it in the page.
    trackedSection.querySelector("[data-saved-card]")!.innerHTML = card ?? "";
    if (tracked && card) {
      trackedSection.querySelector("[data-saved-at]")!.textContent = savedAt(tracked.savedAt);
      trackedSection.querySelector<HTMLAnchorElement>("[data-saved-path]")!.href = tracked.path;
      trackedSection.querySelector<HTMLButtonElement>("[data-saved-remove]")!.onclick = () =>
        void forgetTrackedRepair().then(draw);
    }
    saved.hidden = keptSection.hidden && trackedSection.hidden;
  };
  await draw();
}

/** What this phone keeps of the visitor's own, on the pages that keep or show it. */
export function savedOnThisPhone(page: Document) {
  const line = page.querySelector<HTMLElement>("[data-tracked-copy]");
  const saved = page.querySelector<HTMLElement>("[data-saved-on-this-phone]");
  if (line) keepThisRepair(page, line).catch(() => undefined);
  if (saved) listSaved(page, saved).catch(() => undefined);
}
