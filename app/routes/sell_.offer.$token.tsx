import {
  data,
  Link,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { CallUsQuoting } from "~/components/public/call-us-quoting";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { OfferSummary } from "~/components/sell/offer-summary";
import { ShopDirections } from "~/components/tracking/shop-directions";
import { deviceName } from "~/models/buyback-grid.server";
import { offerByToken, validUntilOf } from "~/models/trade-offer.server";
import { unavailableFor } from "~/server/unavailable.server";
import { pageTitle } from "~/utils/meta";
import { privateCacheControl, privatePage } from "~/utils/private-page";
import { formatCalendarDate, formatClockTime } from "~/utils/shop-time";

const privateHeaders = { "cache-control": privateCacheControl, "x-robots-tag": "noindex" };

/** What became of an offer that is no longer open, as its page says. */
const closedWords = {
  purchased: "We bought this device. Thank you!",
  declined: "This offer was declined at the counter.",
  cancelled: "This offer was cancelled.",
} as const;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const offer = await offerByToken(params.token ?? "").catch(unavailableFor(context));
  if (!offer)
    throw data("We couldn't find that offer. Please check the link, or ask for a new offer.", {
      status: 404,
    });
  return data(
    {
      reference: offer.reference,
      name: offer.name,
      device: deviceName(offer),
      grade: offer.grade,
      offerCents: offer.offerCents,
      validUntil: validUntilOf(offer),
      expired: offer.expired,
      closed: offer.status === "open" ? null : closedWords[offer.status],
      dropOff:
        offer.dropOffDate && offer.dropOffTime
          ? `${formatCalendarDate(offer.dropOffDate, "weekdayShort")} at ${formatClockTime(offer.dropOffTime)}`
          : null,
    },
    { headers: privateHeaders },
  );
}

/** A secret link: never kept by any cache, never listed by a search engine. */
export const headers = privatePage(privateHeaders);

const button = "rounded-md border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-50";

export default function TradeOfferPage() {
  const offer = useLoaderData<typeof loader>();
  const lapsed = offer.closed ?? (offer.expired ? "This offer has expired." : null);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
        {lapsed ? `Offer ${offer.reference}` : `Thanks, ${offer.name}: your offer is saved`}
      </h1>
      {lapsed ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          data-testid="offer-state"
        >
          {lapsed}{" "}
          {offer.expired && !offer.closed ? (
            <Link to="/sell" className="font-semibold underline">
              Get a new offer
            </Link>
          ) : null}
        </p>
      ) : (
        <p className="mt-2 text-slate-700">
          Bring your device and photo ID to the shop and quote your reference.
        </p>
      )}
      <div className="mt-6">
        <OfferSummary
          device={offer.device}
          offerCents={offer.offerCents}
          grade={offer.grade}
          validUntil={offer.validUntil}
          reference={offer.reference}
        />
      </div>
      {lapsed ? null : (
        <>
          <p className="mt-6 text-slate-800">
            <span className="font-semibold">Drop-off:</span>{" "}
            {offer.dropOff ?? "Any time we're open. No appointment needed."}
          </p>
          <ShopDirections className="mt-4" />
          <p className="mt-4 text-sm text-slate-600">
            Before you come: back up your data, sign out of iCloud or your Google account, and
            remove your SIM card.
          </p>
        </>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/sell" className={button}>
          Sell another device
        </Link>
        <Link to="/" className={button}>
          Back to Home
        </Link>
      </div>
      <CallUsQuoting lead="Questions?" reference={offer.reference} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Trade-in offer ${data.reference}` : "Offer not found") },
  { name: "robots", content: "noindex" },
];

export const ErrorBoundary = RouteErrorBoundary;
