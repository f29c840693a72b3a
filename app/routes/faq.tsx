import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function FaqPage() {
  return <PageIntro title="Frequently Asked Questions" lead="Answers about our repairs, warranty, timing and what to bring. Can't find yours? Give us a call." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Frequently Asked Questions") }];
