import type { MetaFunction, ShouldRevalidateFunction } from "react-router";
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "react-router";
import { AdminDialog, dialogActions } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn, SaveRefused } from "~/components/admin/changed-meanwhile";
import { messagesSummary } from "~/components/forms/error-summary";
import { useActionToast } from "~/components/toaster";
import { dangerButton, secondaryButton } from "~/components/admin/ui";
import { priceText } from "~/utils/price";
import { findCategory } from "~/config/shop";
import { adminMessages, errorToast, successToast } from "~/content/messages/admin-messages";
import { pageTitle } from "~/utils/meta";
import { deleteRepairItem } from "~/models/repair-item.server";
import { itemNotFound, openRepairItem, repairItemId } from "~/routes/repair-item-form.server";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { versionField } from "~/schemas/fields";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async ({ params }) => {
    const item = await openRepairItem(params);
    const price = priceText(item);
    const name = [findCategory(item.category)?.title, item.brand, item.series, item.model]
      .filter(Boolean)
      .join(" · ");
    return { item: { name, issue: item.repair, price }, version: item.version };
  },
  { may: "deletePriceItems" },
);

/** Back to the list as it was: the same filters and page. */
const listUrl = (request: Request) => `/admin/repair-items${new URL(request.url).search}`;

/**
 * Deletes the entry confirmed; one changed since the dialog was drawn stays, and the dialog comes
 * back (409) with what changed, showing the entry as it is now, to confirm again or cancel.
 */
export const action = staffAction(
  async ({ request, params, context, staff }) => {
    const id = repairItemId(params);
    const readVersion = versionField.safeParse(
      (await request.formData()).get("version") ?? undefined,
    );
    if (!readVersion.success) throw data(readVersion.error.issues[0]!.message, { status: 400 });
    const result = await deleteRepairItem(id, staff.id, readVersion.data);
    if (result.outcome === "not_found") throw itemNotFound();
    if (result.outcome === "changed_meanwhile") {
      const toast = errorToast(adminMessages.itemChangedBeforeDelete);
      toastForThisRequest(context, toast);
      return data({ conflict: conflictOf(result.current.version, result.changes), toast }, 409);
    }
    return redirectWithToast(listUrl(request), successToast(adminMessages.itemDeleted), {
      status: 303,
    });
  },
  {
    may: "deletePriceItems",
    outage: ({ request }) =>
      redirectWithToast(listUrl(request), errorToast(adminMessages.itemDeleteFailed), {
        status: 303,
      }),
  },
);

/** The confirmation: a dialog over the list with JavaScript, a page of its own without. */
/** After a refused delete the dialog shows the entry as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate;

export default function DeleteRepairItemDialog() {
  const { item, version } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const conflict = conflictIn(actionData);
  const closeTo = `/admin/repair-items${useLocation().search}`;
  const deleting = useNavigation().state === "submitting";
  return (
    <AdminDialog title="Delete Repair Item" closeTo={closeTo}>
      {conflict ? (
        <div className="mb-3">
          <SaveRefused
            form={messagesSummary("delete-refused", [adminMessages.itemChangedBeforeDelete])}
            conflict={conflict}
          />
        </div>
      ) : null}
      <p className="text-slate-800">Are you sure you want to delete this repair item?</p>
      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
        <span className="block font-medium">{item.name}</span>
        <span className="block">
          {item.issue} — {item.price}
        </span>
      </p>
      <Form method="post" className={dialogActions}>
        <input type="hidden" name="version" value={conflict?.version ?? version} />
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
