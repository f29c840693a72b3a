import { useEffect, useRef } from "react";
import type { KeptAnswer } from "~/offline/kept-answer";
import { offlineChannelName } from "~/offline/offline-channel";
import { keptExplanation, keptTitle } from "~/offline/offline-messages";
import { forgetSubmission, keptSubmissions } from "~/offline/submission-queue";

type Props = { kept: KeptAnswer["kept"]; onRelease(clear: boolean): void };

/**
 * Says the submission is kept on the phone, lets the visitor take it back, and goes once it is
 * sent.
 */
export default function KeptNoticePanel({ kept, onRelease }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  // The form it replaces was longer: bring the notice into view below the sticky header.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    section.current?.scrollIntoView({ block: "start" });
  }, []);

  // Gone from the phone without the visitor taking it back: it was sent.
  const takenBack = useRef(false);
  useEffect(() => {
    const channel = new BroadcastChannel(offlineChannelName);
    channel.onmessage = async () => {
      if (!takenBack.current && !(await keptSubmissions()).some((one) => one.id === kept.id))
        onRelease(true);
    };
    return () => channel.close();
  }, [kept.id, onRelease]);

  const takeBack = async (clear: boolean) => {
    takenBack.current = true;
    await forgetSubmission(kept.id);
    onRelease(clear);
  };

  return (
    <section
      ref={section}
      role="status"
      aria-labelledby="kept-heading"
      className="scroll-mt-24 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h2
        id="kept-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {keptTitle(kept.form)}
      </h2>
      <p className="mt-2">{keptExplanation(kept.form)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void takeBack(false)}
          className="min-h-11 rounded-md border border-amber-400 bg-white px-4 py-2 font-semibold hover:bg-amber-100"
        >
          Change it
        </button>
        <button
          type="button"
          onClick={() => void takeBack(true)}
          className="min-h-11 rounded-md px-4 py-2 font-semibold text-amber-900 underline hover:bg-amber-100"
        >
          Delete it
        </button>
      </div>
    </section>
  );
}
