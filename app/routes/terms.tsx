import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function TermsPage() {
  return <PageIntro title="Terms and Conditions" lead="Our service policies, your rights as a customer and the commitments we make on every repair." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Terms and Conditions") }];
