import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { LegalDocument } from "~/components/public/legal-document";
import { privacyPolicy } from "~/content/legal";
import { brand } from "~/config/shop";
import { pageMeta } from "~/utils/seo";
import { publicOrigin } from "~/server/env.server";

export function loader() {
  return { document: privacyPolicy, origin: publicOrigin() };
}

export default function PrivacyPolicyPage() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalDocument document={document} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Privacy Policy",
    description: `How ${brand.name} collects, uses and protects the personal information you share when you book a repair, contact us or visit our website.`,
    origin: data?.origin ?? "",
    path: "/privacy-policy",
  });
