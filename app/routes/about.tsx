import type { MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/page-intro";
import { pageTitle } from "~/lib/meta";

export default function AboutPage() {
  return <PageIntro title="About Us" lead="Oakville's trusted repair shop for phones, tablets, laptops, consoles and smart watches, with a 90-day warranty on every repair." />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("About Us") }];
