import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function BlogPage() {
  return <PageIntro title="Our Blog" lead="Stay updated with the latest tech news and repair tips." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Our Blog") }];
