import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ChangeClosedPage } from "~/components/tracking/appointment-actions";
import { AppointmentWhen } from "~/components/tracking/appointment-when";
import { RescheduleForm } from "~/components/tracking/reschedule-form";
import { booking } from "~/config/shop";
import { dayAvailability } from "~/models/booking-availability.server";
import {
  changePageFor,
  changePageHeaders,
  rescheduleAction,
} from "~/routes/appointment-change-form.server";
import { rescheduleSchema } from "~/schemas/appointment-change";
import { pageTitle } from "~/utils/meta";
import { privatePage } from "~/utils/private-page";
import { addDays, shopToday } from "~/utils/shop-time";

/** The same for every visitor: worked out once, not per request. */
const constraint = getZodConstraint(rescheduleSchema);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await changePageFor(params.token ?? "", context);
  const today = shopToday();
  return data(
    {
      page,
      // The form, while the appointment can still be moved online.
      form: page.window.open
        ? {
            constraint,
            minDate: today,
            maxDate: addDays(today, booking.maxDaysAhead),
            // The times of the appointment's own day first: a move is most often to a near time.
            availability: await dayAvailability(page.date),
          }
        : null,
    },
    { headers: changePageHeaders },
  );
}

/** The new time, or a schedule step without JavaScript; the secret link authorises it. */
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  rescheduleAction(request, params.token ?? "", context);

export const headers = privatePage(changePageHeaders);

export default function ReschedulePage() {
  const { page, form } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Change your appointment</h1>
      <dl className="mt-6 grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 sm:p-5">
        <div>
          <dt className="text-sm text-slate-600">
            {page.window.open || page.window.reason !== "cancelled"
              ? "Your appointment now"
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
      {form ? (
        <RescheduleForm
          {...form}
          version={page.version}
          keepPath={page.trackingPath}
          lastResult={answer?.result}
          availability={answer?.availability ?? form.availability}
        />
      ) : (
        <ChangeClosedPage window={page.window} trackingPath={page.trackingPath} />
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Change appointment ${data.page.reference}` : "Repair not found") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
