import { useLocation, useNavigate } from "react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { Workbox } from "workbox-window";
import { useToast } from "~/components/toaster";
import { contactSentToast } from "~/content/messages/form-messages";
import type { QueuedSubmission } from "~/offline/offline-db";
import {
  formPaths,
  keptRefusedToast,
  keptWaitingLine,
  updateReadyLine,
} from "~/offline/offline-messages";
import { offlineChannelName } from "~/offline/offline-channel";
import {
  forgetSubmission,
  keptSubmissions,
  sendKeptSubmissions,
  submissionOutcomes,
} from "~/offline/submission-queue";
import type { KeptAnswerState } from "./use-form-answer";

/**
 * While something is kept, the page tries again soon (a lost answer on a working connection is
 * sent again at once), then every half minute.
 */
const firstRetryMs = 3_000;
const retryEveryMs = 30_000;

const bar = "border-b px-4 py-2 text-center text-sm";

/**
 * The site's offline side, loaded once a public page is idle: installs the service worker,
 * sends the submissions kept on this phone whenever the page is open and online, and shows what
 * became of them. A booking that went through opens its confirmation; a message that went
 * through says so; a refused one brings the visitor back to its form, with the input and the
 * reason. A new release waits until the visitor's next navigation, or their tap on Reload.
 */
export default function OfflineCenter() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { show } = useToast();
  const [kept, setKept] = useState<QueuedSubmission[]>([]);
  const [waiting, setWaiting] = useState(false);
  const openedAt = useRef(pathname);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const worker = new Workbox("/sw.js");
    worker.addEventListener("waiting", () => setWaiting(true));
    void worker.register().catch(() => undefined);
  }, []);

  // Page and service worker may both announce one outcome: each is shown once.
  const shown = useRef(new Set<string>());
  const settle = useCallback(async () => {
    setKept(await keptSubmissions());
    const outcome = (await submissionOutcomes()).find((one) => !shown.current.has(one.id));
    if (!outcome) return;
    shown.current.add(outcome.id);
    await forgetSubmission(outcome.id);
    if (outcome.status === "refused") {
      navigate(formPaths[outcome.form], {
        state: { keptAnswer: outcome.answer } satisfies KeptAnswerState,
      });
      show(keptRefusedToast(outcome.form));
    } else if (outcome.form === "booking") {
      navigate(outcome.location);
    } else {
      show(contactSentToast);
      if (window.location.pathname === formPaths.contact)
        navigate(formPaths.contact, { replace: true });
    }
  }, [navigate, show]);

  const send = useCallback(async () => {
    if (navigator.onLine) await sendKeptSubmissions().catch(() => false);
    await settle();
  }, [settle]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- it sets state only after awaiting the phone's storage
    void send();
    const channel = new BroadcastChannel(offlineChannelName);
    channel.onmessage = () => void settle();
    const online = () => void send();
    window.addEventListener("online", online);
    return () => {
      channel.close();
      window.removeEventListener("online", online);
    };
  }, [send, settle]);

  useEffect(() => {
    if (!kept.length) return;
    let timer: ReturnType<typeof setTimeout>;
    const retryAfter = (delay: number) => {
      timer = setTimeout(() => {
        void send();
        retryAfter(retryEveryMs);
      }, delay);
    };
    retryAfter(firstRetryMs);
    return () => clearTimeout(timer);
  }, [kept.length, send]);

  const update = useCallback(async () => {
    const next = waiting ? (await navigator.serviceWorker.getRegistration())?.waiting : undefined;
    if (!next) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
      once: true,
    });
    next.postMessage({ type: "SKIP_WAITING" });
  }, [waiting]);

  // The visitor moved on: the next page is the new release's.
  useEffect(() => {
    if (pathname !== openedAt.current) void update();
    openedAt.current = pathname;
  }, [pathname, update]);

  const elsewhere = kept.filter((one) => formPaths[one.form] !== pathname);
  return (
    <>
      {elsewhere.length ? (
        <p role="status" className={`${bar} border-amber-200 bg-amber-50 text-amber-950`}>
          {keptWaitingLine(elsewhere.length)}
        </p>
      ) : null}
      {waiting ? (
        <p role="status" className={`${bar} border-brand-100 bg-brand-50 text-brand-800`}>
          {updateReadyLine}{" "}
          <button
            type="button"
            onClick={() => void update()}
            className="min-h-6 font-semibold underline"
          >
            Reload
          </button>
        </p>
      ) : null}
    </>
  );
}
