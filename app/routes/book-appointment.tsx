import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, useActionData, useLoaderData } from "react-router";
import { BookingForm } from "~/components/booking/booking-form";
import { BookingHelp, BusinessHours } from "~/components/booking/booking-help";
import { KeptNotice } from "~/components/offline/kept-notice";
import { PageIntro } from "~/components/page-intro";
import { booking } from "~/config/shop";
import { dayAvailability } from "~/models/booking-availability.server";
import { chosenRepair } from "~/models/catalogue.server";
import { shopSettingsNow } from "~/models/shop-settings.server";
import { nothingOnOutage } from "~/server/database-outage.server";
import { newBookingWords } from "~/content/messages/booking-messages";
import { answerBookingForm } from "~/routes/booking-form.server";
import { bookingPrefill } from "~/utils/booking-prefill";
import { pageTitle } from "~/utils/meta";
import { privatePageHeaders, sharedFormPage } from "~/utils/private-page";
import { reissuedKey } from "~/utils/reissued-key";
import { addDays, shopToday } from "~/utils/shop-time";
import { issueFormKey } from "~/server/submission.server";
import { bookingSchema } from "~/schemas/booking";

/** The same for every visitor: worked out once, not per request. */
const constraint = getZodConstraint(bookingSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  const today = shopToday();
  const { searchParams } = new URL(request.url);
  const submissionKey = issueFormKey();
  const prefill = bookingPrefill(searchParams);
  // The form works while the database does not answer (the booking itself is refused then):
  // without the shop's choice it says "received", without the catalogue no price.
  const [availability, settings, repairChoice] = await Promise.all([
    dayAvailability(),
    shopSettingsNow().catch(nothingOnOutage),
    chosenRepair({
      category: prefill.categorySlug,
      brand: prefill.deviceBrand,
      model: prefill.deviceModel,
      repair: prefill.issueType,
    }).catch(nothingOnOutage),
  ]);
  return data(
    {
      submissionKey,
      words: newBookingWords(settings?.bookingsConfirmedAtOnce ?? false),
      constraint,
      prefill,
      repairChoice,
      minDate: today,
      maxDate: addDays(today, booking.maxDaysAhead),
      availability,
    },
    // A prefilled form (a link from the price list) is that visitor's own.
    searchParams.size ? undefined : sharedFormPage(submissionKey),
  );
}

export const headers = privatePageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return answerBookingForm(await request.formData(), context);
}

export default function BookAppointmentPage() {
  const {
    submissionKey,
    prefill,
    repairChoice,
    minDate,
    maxDate,
    constraint,
    availability,
    words,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();

  return (
    <>
      <PageIntro
        title="Book an Appointment"
        shortLead={words.formShortLead}
        lead={words.formLead}
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[1fr_20rem]">
        <div>
          <KeptNotice form="booking" />
          <BookingForm
            submissionKey={reissuedKey(answer) ?? submissionKey}
            prefill={prefill}
            minDate={minDate}
            maxDate={maxDate}
            lastResult={answer?.result}
            constraint={constraint}
            availability={answer?.availability ?? availability}
            repairChoice={repairChoice}
          />
        </div>
        <aside className="space-y-6">
          <BusinessHours />
          <BookingHelp />
        </aside>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Book an Appointment") },
  {
    name: "description",
    content:
      "Book a phone, tablet, laptop, console or smart watch repair at our Oakville shop in under a minute.",
  },
];
