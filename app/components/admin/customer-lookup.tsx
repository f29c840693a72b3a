import { useEffect, useRef, useState } from "react";
import { useActionData } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import type { CustomerMatch } from "~/types/customers";
import { secondaryButton } from "./ui";

/** What the walk-in action answers to "Find customer" and to a pick, without JavaScript. */
type LookupAnswer = { lookup?: CustomerMatch | null };

const named = (form: HTMLFormElement, name: string) => form.elements.namedItem(name);

/** Puts values into the walk-in form's own fields, as if typed (radios by value). */
function fill(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const control = named(form, name);
    if (control instanceof RadioNodeList) control.value = value;
    else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement)
      control.value = value;
    else continue;
    // The form's own listeners (the category's suggestions) hear of it.
    const target = control instanceof RadioNodeList ? control[0] : control;
    target?.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * The walk-in form's customer lookup (decision 0042). Typing a known phone or e-mail offers the
 * customer and their devices: with JavaScript as soon as it is typed (GET
 * /admin/customers/lookup), without it through the "Find customer" button, which posts the form
 * and comes back with it as typed and the match below. "Use this customer" fills name, phone,
 * e-mail and channel; picking a device fills its category, brand, model and IMEI or serial; with
 * JavaScript in place, without it by posting the form, which comes back filled.
 */
export function CustomerLookup() {
  const answer = useActionData() as LookupAnswer | undefined;
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  // What the script found since the page (or the last post's answer) came: it wins until the next.
  const [found, setFound] = useState<{
    after: LookupAnswer | undefined;
    match: CustomerMatch | null;
  }>();
  const current = found && found.after === answer ? found : undefined;
  const match = current ? current.match : (answer?.lookup ?? null);
  const searched = !!current || (answer ? "lookup" in answer : false);
  const answerRef = useRef(answer);
  useEffect(() => {
    answerRef.current = answer;
  }, [answer]);

  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const look = () => {
      const phone = (named(form, "phone") as HTMLInputElement | null)?.value ?? "";
      const email = (named(form, "email") as HTMLInputElement | null)?.value ?? "";
      if (phone.replace(/\D/g, "").length < 10 && !email.includes("@")) return;
      controller?.abort();
      controller = new AbortController();
      fetch(`/admin/customers/lookup?${new URLSearchParams({ phone, email })}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then((response) => (response.ok ? response.json() : { match: null }))
        .then((body: { match: CustomerMatch | null }) =>
          setFound({ after: answerRef.current, match: body.match }),
        )
        .catch(() => {
          // Offline or aborted: the Find customer button still works.
        });
    };
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement).name;
      if (name !== "phone" && name !== "email") return;
      clearTimeout(timer);
      timer = setTimeout(look, 300);
    };
    form.addEventListener("input", onInput);
    // A number typed while the page's script was still loading (a phone on a weak signal) is
    // looked up as soon as it runs, unless the page is the answer to Find customer already.
    if (!answerRef.current || !("lookup" in answerRef.current)) look();
    return () => {
      form.removeEventListener("input", onInput);
      clearTimeout(timer);
      controller?.abort();
    };
  }, []);

  const pick = (values: Record<string, string>) => (event: React.MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    if (!hydrated || !form) return; // Without JavaScript the button posts the form.
    event.preventDefault();
    fill(form, values);
  };

  return (
    <div ref={box} className="space-y-3 sm:col-span-2" data-testid="customer-lookup">
      <button
        type="submit"
        name="intent"
        value="find_customer"
        formNoValidate
        className={secondaryButton}
      >
        Find customer
      </button>
      <div aria-live="polite">
        {match ? (
          <div className="border-brand-200 rounded-md border bg-brand-50 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              Known customer: <span className="[overflow-wrap:anywhere]">{match.name}</span>
            </p>
            <p className="[overflow-wrap:anywhere] text-slate-700">
              {[match.phone, match.email].filter(Boolean).join(" · ")}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="submit"
                name="pickCustomer"
                value={match.id}
                formNoValidate
                onClick={pick(match.fill)}
                className={secondaryButton}
              >
                Use this customer
              </button>
              {match.devices.map((device) => (
                <button
                  key={device.id}
                  type="submit"
                  name="pickDevice"
                  value={device.id}
                  formNoValidate
                  onClick={pick({ ...match.fill, ...device.fill })}
                  className={secondaryButton}
                >
                  {device.name}, {device.identifierLabel} {device.identifier}
                </button>
              ))}
            </div>
          </div>
        ) : searched ? (
          <p className="text-sm text-slate-600">No customer with this phone or e-mail yet.</p>
        ) : null}
      </div>
    </div>
  );
}
