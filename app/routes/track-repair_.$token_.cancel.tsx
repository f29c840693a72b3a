import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormReply } from "~/components/forms/use-form-reply";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ChangeClosedPage, secondaryAction } from "~/components/tracking/appointment-actions";
import { AppointmentWhen } from "~/components/tracking/appointment-when";
import {
  cancelAction,
  changePageFor,
  changePageHeaders,
} from "~/routes/appointment-change-form.server";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await changePageFor(params.token ?? "", context);
  return data({ page }, { headers: changePageHeaders });
}

/** The cancellation; the secret link authorises it. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  cancelAction(request, params.token ?? "", context);

export const headers = privatePage(changePageHeaders);

export default function CancelBookingPage() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { form } = useFormReply(answer?.result);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Cancel your booking?</h1>
      <dl className="mt-6 grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 sm:p-5">
        <div>
          <dt className="text-sm text-slate-600">
            {page.window.open || page.window.reason !== "cancelled"
              ? "Appointment"
              : "Cancelled appointment"}
          </dt>
          <dd className="font-semibold text-slate-900" data-testid="current-appointment">
            <AppointmentWhen date={page.date} time={page.time} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-600">Repair {page.reference}</dt>
          <dd className="break-words text-slate-900">{page.repair}</dd>
        </div>
      </dl>
      {page.window.open ? (
        <Form method="post" className="mt-6 space-y-4" {...form.props}>
          <input type="hidden" name="version" value={page.version} />
          <ErrorSummary form={form} />
          <p className="text-slate-700">
            Your time will be freed for someone else. To come in later, you can make a new booking
            at any time.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton
              label="Yes, cancel my booking"
              pendingLabel="Cancelling..."
              look="rounded-md bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800"
            />
            <a href={page.trackingPath} className={secondaryAction}>
              Keep my booking
            </a>
          </div>
        </Form>
      ) : (
        <ChangeClosedPage window={page.window} trackingPath={page.trackingPath} />
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Cancel booking ${data.page.reference}` : "Repair not found") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
