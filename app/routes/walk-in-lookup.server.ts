import { data } from "react-router";
import { findCategory } from "~/config/shop";
import { intakePriceChoices } from "~/models/catalogue.server";
import { lookupCustomer } from "~/models/customer.server";
import { walkInSchema } from "~/schemas/walk-in";
import { parseForm } from "~/server/form-reply.server";

/**
 * The walk-in form's "Find customer" and pick buttons without JavaScript (decision 0042): the
 * form comes back as typed with the known customer below it, or, after a pick, with the
 * customer's name, phone, e-mail and channel (and the device's category, brand, model and IMEI
 * or serial) filled in, with the price list's repairs for that device, as "Find repairs" would
 * bring them: one post fewer at the counter. Nothing is stored. Undefined for any other submit.
 */
export async function walkInLookup(formData: FormData) {
  const picked = formData.has("pickCustomer") || formData.has("pickDevice");
  if (formData.get("intent") !== "find_customer" && !picked) return undefined;
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 254) : "";
  };
  // The form's own fields as typed, each cut to its length, as any refused form echoes them.
  const { initialValue: typed } = parseForm(formData, walkInSchema).reply();
  const match = await lookupCustomer({ phone: text("phone"), email: text("email") });
  const device = match?.devices.find((d) => String(d.id) === text("pickDevice"));
  const values = {
    ...typed,
    ...(picked && match ? match.fill : {}),
    ...(device ? device.fill : {}),
  };
  const category = device && findCategory(values.deviceCategory);
  const found = category
    ? await intakePriceChoices(category.slug, values.deviceBrand ?? "", values.deviceModel ?? "")
    : undefined;
  return data({
    toast: undefined,
    lookup: match ?? null,
    found,
    result: { status: "error" as const, initialValue: values, error: {} },
  });
}
