import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function PrivacyPolicyPage() {
  return <PageIntro title="Privacy Policy" lead="How we collect, use and protect the information you share with us." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Privacy Policy") }];
