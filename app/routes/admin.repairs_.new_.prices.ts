import { findCategory } from "~/config/shop";
import { intakePriceChoices } from "~/models/catalogue.server";
import { staffLoader } from "~/server/staff-route.server";
import type { IntakePriceChoices } from "~/types/catalogue";

const nothing: IntakePriceChoices = { models: [], choices: [] };

/**
 * The walk-in form's price-list pick with JavaScript: the models of the typed brand and the
 * repairs of the typed model, as JSON. Without JavaScript the form's own "Find repairs" button
 * posts the form and gets the same choices in the page (admin.repairs_.new.tsx).
 */
export const loader = staffLoader(async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const category = findCategory(query.get("category") ?? undefined);
  const brand = (query.get("brand") ?? "").slice(0, 100);
  const model = (query.get("model") ?? "").slice(0, 150);
  if (!category || !brand.trim()) return nothing;
  return intakePriceChoices(category.slug, brand, model);
});
