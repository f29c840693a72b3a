import type { BalanceDue } from "~/components/admin/balances-due";
import type { balancesDue } from "~/models/money-owed.server";
import { formatShopDate } from "~/utils/shop-time";

/** The balances due as the dashboard and agenda list them: dates in shop time. */
export const balanceView = (
  items: Awaited<ReturnType<typeof balancesDue>>["items"],
): BalanceDue[] =>
  items.map(({ issuedAt, ...item }) => ({ ...item, issuedOn: formatShopDate(issuedAt) }));
