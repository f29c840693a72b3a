import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function BookAppointmentPage() {
  return <PageIntro title="Book an Appointment" lead="Tell us about your device and pick a time that suits you. We'll contact you within an hour to confirm." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Book an Appointment") }];
