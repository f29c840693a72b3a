import type { MetaFunction } from "react-router";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "react-router";
import { AdminDialog, dialogActions } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { dangerButton, secondaryButton } from "~/components/admin/ui";
import { priceText } from "~/utils/price";
import { findCategory } from "~/config/shop";
import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import { deleteRepairItem } from "~/models/repair-item.server";
import { itemNotFound, openRepairItem, repairItemId } from "~/routes/repair-item-form.server";
import { redirectWithToast } from "~/server/toast.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(async ({ params }) => {
  const item = await openRepairItem(params);
  const price = priceText(item);
  const name = [findCategory(item.category)?.title, item.brand, item.series, item.model]
    .filter(Boolean)
    .join(" · ");
  return { item: { name, issue: item.repair, price } };
});

/** Back to the list as it was: the same filters and page. */
const listUrl = (request: Request) => `/admin/repair-items${new URL(request.url).search}`;

export const action = staffAction(
  async ({ request, params, staff }) => {
    const deleted = await deleteRepairItem(repairItemId(params), staff.id);
    if (!deleted) throw itemNotFound();
    return redirectWithToast(listUrl(request), successToast(adminMessages.itemDeleted), {
      status: 303,
    });
  },
  {
    outage: ({ request }) =>
      redirectWithToast(listUrl(request), errorToast(adminMessages.itemDeleteFailed), {
        status: 303,
      }),
  },
);

/** The confirmation: a dialog over the list with JavaScript, a page of its own without. */
export default function DeleteRepairItemDialog() {
  const { item } = useLoaderData<typeof loader>();
  const closeTo = `/admin/repair-items${useLocation().search}`;
  const deleting = useNavigation().state === "submitting";
  return (
    <AdminDialog title="Delete Repair Item" closeTo={closeTo}>
      <p className="text-slate-800">Are you sure you want to delete this repair item?</p>
      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
        <span className="block font-medium">{item.name}</span>
        <span className="block">
          {item.issue} — {item.price}
        </span>
      </p>
      <Form method="post" className={dialogActions}>
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" disabled={deleting} className={dangerButton}>
          {deleting ? "Deleting..." : "Delete"}
        </button>
      </Form>
    </AdminDialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Delete Repair Item") }];

export const ErrorBoundary = AdminErrorBoundary;
