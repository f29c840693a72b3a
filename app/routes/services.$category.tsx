import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageIntro } from "~/components/page-intro";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { findCategory } from "~/config/shop";
import { pageTitle } from "~/lib/meta";

export function loader({ params }: LoaderFunctionArgs) {
  const category = findCategory(params.category);
  if (!category) throw data("Service category not found.", { status: 404 });
  return { category };
}

export default function ServiceCategoryPage() {
  const { category } = useLoaderData<typeof loader>();
  return (
    <PageIntro title={category.title} lead="Pick your device to see what we repair and what it costs.">
      <Link to={`/price-list/${category.slug}`} className="rounded-md bg-accent-500 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-600">
        See the {category.shortName} price list
      </Link>
    </PageIntro>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.category.title ?? "Service not found") }];

export const ErrorBoundary = RouteErrorBoundary;
