import { findCategory } from "~/config/shop";
import { dayAvailability } from "~/models/booking-availability.server";
import { findGridRow, sellChoices } from "~/models/buyback-grid.server";
import { offerValidity } from "~/models/trade-offer.server";
import { offerAnswersSchema } from "~/schemas/trade-offer";
import { addDays, formatCalendarDate } from "~/utils/shop-time";
import { computeOffer } from "~/utils/trade-offer";
import { freeSlots } from "~/utils/day-availability";
import type { DropOffDay } from "~/types/sell";

const same = (a: string, b: string | null) => !!b && a.toLowerCase() === b.trim().toLowerCase();

/** How many open days, and how far ahead, the drop-off list offers. */
const dropOffDays = 3;
const dropOffLookAhead = 7;

/**
 * The next few days the shop takes bookings, with their free times: the booking form's own
 * availability (a drop-off fits between appointments at those times).
 */
export async function dropOffChoices(): Promise<DropOffDay[]> {
  const first = await dayAvailability();
  const later = await Promise.all(
    Array.from({ length: dropOffLookAhead }, (_, i) => dayAvailability(addDays(first.date, i + 1))),
  );
  return [first, ...later]
    .map((day) => ({
      label: formatCalendarDate(day.date, "weekdayShort"),
      times: freeSlots(day).map((slot) => ({
        value: `${day.date} ${slot.time}`,
        label: slot.label,
      })),
    }))
    .filter((day) => day.times.length)
    .slice(0, dropOffDays);
}

/** The questions' answers in the address: given whole, given with gaps, or not yet. */
function answersIn(search: URLSearchParams) {
  const fields = Object.fromEntries(
    Object.keys(offerAnswersSchema.shape).flatMap((name) => {
      const value = search.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  // `answered`: the questions' form was sent, even with nothing chosen.
  if (!Object.keys(fields).length && !search.has("answered"))
    return { given: false as const, fields };
  const parsed = offerAnswersSchema.safeParse(fields);
  if (parsed.success) return { given: true as const, fields, answers: parsed.data };
  const errors = Object.fromEntries(
    parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
  );
  return { given: true as const, fields, errors };
}

/**
 * Where a seller is on /sell, from the address alone (each step is a link or a GET form, so the
 * back button and a page without JavaScript work alike): the next choice to make with its
 * options from the grid, the questions, or the offer worked out from the grid row. A choice the
 * grid does not have is asked again.
 */
export async function sellStep(search: URLSearchParams) {
  const category = findCategory(search.get("category") ?? undefined)?.slug;
  const choices = await sellChoices({
    category,
    brand: search.get("brand") ?? undefined,
    model: search.get("model") ?? undefined,
  });
  if (!category || !choices.categories.includes(category))
    return { step: "category" as const, device: {}, options: choices.categories };
  const brand = choices.brands.find((b) => same(b, search.get("brand")));
  if (!brand) return { step: "brand" as const, device: { category }, options: choices.brands };
  const model = choices.models.find((m) => same(m, search.get("model")));
  if (!model)
    return { step: "model" as const, device: { category, brand }, options: choices.models };
  // A device sold in one size (no storage) skips the storage step.
  const storage =
    choices.storages.length === 1 && choices.storages[0] === ""
      ? ""
      : choices.storages.find((s) => same(s, search.get("storage")));
  if (storage === undefined)
    return {
      step: "storage" as const,
      device: { category, brand, model },
      options: choices.storages,
    };
  const device = { category, brand, model, storage };
  const asked = answersIn(search);
  if (!asked.answers)
    return {
      step: "questions" as const,
      device,
      values: asked.fields,
      errors: asked.given ? asked.errors : undefined,
    };
  const row = await findGridRow(device);
  const result = computeOffer(row!, asked.answers);
  return {
    step: "offer" as const,
    device,
    values: asked.fields,
    result,
    validUntil: offerValidity().validUntil,
  };
}
