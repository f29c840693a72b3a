import { useFetcher } from "react-router";
import { useEffect, useRef, type RefObject } from "react";
import { inputClass } from "~/components/forms/field";
import { useHydrated } from "~/components/use-hydrated";
import type { IntakePriceChoices } from "~/types/catalogue";
import { fillField } from "~/utils/fill-field";
import { priceText } from "~/utils/price";
import { secondaryButton } from "./ui";

/** The device fields whose values decide the choices. */
const deviceFields = ["deviceCategory", "deviceBrand", "deviceModel"] as const;

const deviceOf = (form: HTMLFormElement) =>
  Object.fromEntries(
    deviceFields.map((name) => {
      const control = form.elements.namedItem(name);
      return [name, control && "value" in control ? String(control.value) : ""];
    }),
  ) as Record<(typeof deviceFields)[number], string>;

/**
 * The price list's repairs for the device typed above: choosing one fills the issue and the
 * quoted price. With JavaScript the choices follow the category, brand and model as they are
 * typed (or filled in by another part of the form) and a choice fills the fields at once; without,
 * "Find repairs" posts the form, which comes back with everything typed, the choices and, once one
 * is chosen, the two fields filled (admin.repairs_.new.tsx).
 */
export function PriceListPick({
  formRef,
  found,
  picked,
  modelListId,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  /** What the server found for the device when the form was posted without JavaScript. */
  found: IntakePriceChoices | undefined;
  picked: string | undefined;
  /** The model field's suggestions: the brand's models. */
  modelListId: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<IntakePriceChoices>();
  const { load } = fetcher;
  const asked = useRef("");

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lookUp = () => {
      const { deviceCategory, deviceBrand, deviceModel } = deviceOf(form);
      const search = new URLSearchParams({
        category: deviceCategory,
        brand: deviceBrand,
        model: deviceModel,
      }).toString();
      if (search === asked.current) return;
      asked.current = search;
      void load(`/admin/repairs/new/prices?${search}`);
    };
    const onInput = (event: Event) => {
      const name = (event.target as { name?: string } | null)?.name;
      if (!deviceFields.includes(name as (typeof deviceFields)[number])) return;
      clearTimeout(timer);
      timer = setTimeout(lookUp, 250);
    };
    form.addEventListener("input", onInput);
    form.addEventListener("change", onInput);
    lookUp();
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onInput);
    };
  }, [formRef, load]);

  const { models, choices } = fetcher.data ?? found ?? { models: [], choices: [] };

  function choose(id: string) {
    const form = formRef.current;
    const choice = choices.find((c) => String(c.id) === id);
    if (!form || !choice) return;
    fillField(form, "issueType", choice.repair);
    fillField(form, "quotedPrice", choice.price ?? "");
  }

  return (
    <div className="sm:col-span-2">
      <datalist id={modelListId}>
        {models.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {choices.length ? (
        <>
          <label htmlFor="price-item" className="block text-sm font-medium text-slate-800">
            Repair from the price list
          </label>
          <select
            id="price-item"
            name="priceItem"
            // Keyed by the choices, so a new model starts again at "Choose…".
            key={choices.map((c) => c.id).join(",")}
            defaultValue={picked ?? ""}
            aria-describedby="price-item-hint"
            className={inputClass}
            onChange={hydrated ? (event) => choose(event.currentTarget.value) : undefined}
          >
            <option value="">Choose a repair…</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.repair} — {priceText(choice)}
              </option>
            ))}
          </select>
          <p id="price-item-hint" className="mt-1 text-sm text-slate-600">
            Fills the issue and the quoted price; both can still be changed.
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">
          With the brand and a model from the price list, its repairs are offered here. For anything
          else, type the issue and the price.
        </p>
      )}
      {hydrated ? null : (
        <button
          type="submit"
          name="intent"
          value="prices"
          formNoValidate
          className={`${secondaryButton} mt-2`}
        >
          {choices.length ? "Fill issue and price" : "Find repairs"}
        </button>
      )}
    </div>
  );
}
