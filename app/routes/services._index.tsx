import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function ServicesPage() {
  return <PageIntro title="Our Repair Services" lead="Screens, batteries, charging ports, cameras and more, for every major brand. Free diagnostics and same-day service on most repairs." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Our Repair Services") }];
