import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function TrackRepairPage() {
  return <PageIntro title="Track Your Repair" lead="Check the status of your repair with your repair ID or the phone number you booked with." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Track Your Repair") }];
