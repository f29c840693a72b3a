import { getZodConstraint } from "@conform-to/zod";
import { data, useActionData, useLoaderData, type MetaFunction } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { RepairPageTitle } from "~/components/admin/repair-page-title";
import { WarrantyPanel } from "~/components/admin/warranty-panel";
import { useActionToast } from "~/components/toaster";
import { adminMessages } from "~/content/messages/admin-messages";
import { getRepairRequest } from "~/models/booking-changes.server";
import { warrantyLinks } from "~/models/warranty-claim.server";
import { warrantyClaimSchema } from "~/schemas/warranty-claim";
import { staffAction, staffLoader } from "~/server/staff-route.server";
import { issueFormKey } from "~/server/submission.server";
import { warrantyClaimAction } from "~/routes/warranty-claim-form.server";
import { claimView } from "~/routes/warranty-view.server";
import { bookingReference } from "~/utils/booking-reference";
import { pageTitle } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { invoiceWarranty } from "~/utils/warranty";

async function repairOf(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const repair = id === undefined ? undefined : await getRepairRequest(id);
  if (!repair) throw data(adminMessages.bookingNotFound, { status: 404 });
  return repair;
}

export const loader = staffLoader(async ({ params }) => {
  const repair = await repairOf(params.id);
  const { claims, claimOf, start } = await warrantyLinks(repair.id);
  return {
    repair: { id: repair.id, reference: bookingReference(repair.id) },
    warranty: start ? invoiceWarranty(start) : null,
    claims: claims.map((claim) => claimView(claim, claim.claimBookingId)),
    claimOf: claimOf ? claimView(claimOf, claimOf.originalBookingId) : null,
    submissionKey: issueFormKey(),
    constraint: getZodConstraint(warrantyClaimSchema),
  };
});

export const action = staffAction(async ({ request, params, context, staff }) => {
  const repair = await repairOf(params.id);
  return warrantyClaimAction(request, context, staff, repair.id);
});

export default function RepairWarrantyPage() {
  const { repair, warranty, claims, claimOf, submissionKey, constraint } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  return (
    <>
      <RepairPageTitle repair={repair} what="Warranty" />
      <WarrantyPanel
        warranty={warranty}
        claims={claims}
        claimOf={claimOf}
        constraint={constraint}
        result={actionData?.result}
        submissionKey={actionData?.submissionKey ?? submissionKey}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Warranty for ${data.repair.reference}` : "Warranty") },
];

export const ErrorBoundary = AdminErrorBoundary;
