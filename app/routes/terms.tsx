import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { LegalDocument } from "~/components/public/legal-document";
import { terms } from "~/content/legal";
import { brand, warranty } from "~/config/shop";
import { pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";

export function loader() {
  return { document: terms, origin: publicOrigin() };
}

export default function TermsPage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalDocument document={document} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Terms and Conditions",
    description: `The terms for every repair at ${brand.name}: free diagnostics, approval before work, our ${warranty.days}-day warranty, payment, uncollected devices and your rights as a customer.`,
    origin: data?.origin ?? "",
    path: "/terms",
  });
