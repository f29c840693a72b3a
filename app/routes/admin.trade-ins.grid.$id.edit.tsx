import { getZodConstraint } from "@conform-to/zod";
import type { AppLoadContext, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { AdminDialog, dialogActions } from "~/components/admin/admin-dialog";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn, reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { GridRowForm } from "~/components/admin/grid-row-form";
import { dangerButton, primaryButton, secondaryButton } from "~/components/admin/ui";
import { useActionToast } from "~/components/toaster";
import { errorToast, successToast } from "~/content/messages/admin-messages";
import { tradeMessages } from "~/content/messages/trade-messages";
import { deleteGridRow, deviceName, updateGridRow } from "~/models/buyback-grid.server";
import {
  gridRowFormValues,
  gridRowId,
  openGridRow,
  rowGone,
  rowNotFound,
  saveGridRowForm,
} from "~/routes/grid-row-form.server";
import { gridRowSchema } from "~/schemas/buyback-grid";
import { versionField } from "~/schemas/fields";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { redirectWithToast, toastForThisRequest } from "~/server/toast.server";
import { pageTitle } from "~/utils/meta";

const constraint = getZodConstraint(gridRowSchema);

export const loader = staffLoader(
  async ({ params }) => {
    const row = await openGridRow(params);
    return {
      name: deviceName(row),
      defaults: gridRowFormValues(row),
      version: row.version,
      constraint,
    };
  },
  { may: "editBuybackGrid" },
);

/** Delete, as the staff member saw the row: one changed since stays, and the dialog says so. */
async function deleteRow(
  request: Request,
  context: AppLoadContext,
  id: number,
  staffId: number,
  form: FormData,
) {
  const readVersion = versionField.safeParse(form.get("version") ?? undefined);
  if (!readVersion.success) throw data(readVersion.error.issues[0]!.message, { status: 400 });
  const result = await deleteGridRow(id, staffId, readVersion.data);
  if (result.outcome === "not_found") throw rowNotFound();
  if (result.outcome === "gone") throw rowGone(tradeMessages.rowAlreadyDeleted, result.changes);
  if (result.outcome === "changed_meanwhile") {
    const toast = errorToast(tradeMessages.rowChangedBeforeDelete);
    toastForThisRequest(context, toast);
    return data(
      { conflict: conflictOf(result.current.version, result.changes), toast, result: undefined },
      409,
    );
  }
  return redirectWithToast(
    `/admin/trade-ins/grid${new URL(request.url).search}`,
    successToast(tradeMessages.rowDeleted),
    { status: 303 },
  );
}

export const action = staffAction(
  async ({ request, context, params, staff }) => {
    const id = gridRowId(params);
    const form = await request.clone().formData();
    if (form.get("intent") === "delete") return deleteRow(request, context, id, staff.id, form);
    return saveGridRowForm(
      request,
      context,
      (input, readVersion) => updateGridRow(id, input, staff.id, readVersion),
      tradeMessages.rowUpdated,
    );
  },
  { may: "editBuybackGrid" },
);

/** After a refused save or delete the dialog shows the row as it is now. */
export const shouldRevalidate = reloadAfterRefusal;

export default function EditGridRowDialog() {
  const { name, defaults, version, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const conflict = conflictIn(answer);
  const closeTo = `/admin/trade-ins/grid${useLocation().search}`;
  useActionToast(answer?.toast);
  return (
    <AdminDialog title={`Edit ${name}`} closeTo={closeTo}>
      <GridRowForm
        key={conflict?.version ?? "read"}
        defaults={defaults}
        version={version}
        conflict={conflict}
        submitLabel="Save Row"
        closeTo={closeTo}
        constraint={constraint}
        lastResult={answer?.result}
      />
      <Form method="post" className="mt-6 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="version" value={conflict?.version ?? version} />
        <p className="text-sm text-slate-700">
          Deleting the row stops online offers for this device; offers already made keep their
          amount.
        </p>
        <button type="submit" className={`${dangerButton} mt-2`}>
          Delete Row
        </button>
      </Form>
    </AdminDialog>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Buyback Price") }];

/**
 * A row not there (deleted meanwhile, or never): the message in the dialog's place, where it is
 * seen with or without JavaScript, and the way back to the grid or to adding the row again.
 */
export function ErrorBoundary() {
  const search = useLocation().search;
  const closeTo = `/admin/trade-ins/grid${search}`;
  return (
    <AdminDialog title="Edit Buyback Price" closeTo={closeTo}>
      <AdminErrorBoundary />
      <div className={dialogActions}>
        <Link to={closeTo} className={secondaryButton} preventScrollReset>
          Back to the Grid
        </Link>
        <Link to={`/admin/trade-ins/grid/new${search}`} className={primaryButton}>
          Add Row
        </Link>
      </div>
    </AdminDialog>
  );
}
