import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { CategoryTabs } from "~/components/public/category-tabs";
import { isCanonical, nextStep, readSelection, selectionSearch } from "~/utils/catalogue-selection";
import { ModelSelector } from "~/components/public/model-selector";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { address, contact, findCategory, warranty } from "~/config/shop";
import { loadPicker } from "~/models/catalogue.server";
import { errorMeta, pageMeta } from "~/utils/seo";
import { catalogueUnavailableMessage, unavailableFor } from "~/server/unavailable.server";
import { publicOrigin } from "~/server/env.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const category = findCategory(params.category);
  if (!category) throw data("Service category not found.", { status: 404 });
  const url = new URL(request.url);
  const picker = await loadPicker(category.slug, readSelection(url.searchParams), "repair").catch(
    unavailableFor(context, catalogueUnavailableMessage),
  );
  // A form sent without JavaScript, or a name that no longer exists: show the plain, shareable URL,
  // opened at the next step (a fragment in Location replaces any the request had).
  if (!isCanonical(url.searchParams, picker.selection)) {
    throw redirect(
      `${url.pathname}${selectionSearch(picker.selection)}#${nextStep(picker.selection)}`,
    );
  }
  return { category, picker, origin: publicOrigin() };
}

export default function ServiceCategoryPage() {
  const { category, picker } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro
        title={category.title}
        shortLead="Pick your device to see prices."
        lead={`Choose your ${category.shortName.toLowerCase()} to see what we repair and what it costs. Diagnostics are free and most repairs are done the same day.`}
        primary={{
          to: `/price-list/${category.slug}`,
          label: `See the full ${category.shortName} price list`,
        }}
      />
      <div className="mx-auto max-w-4xl px-4 pt-4 pb-12 sm:pt-10">
        <CategoryTabs current={category.slug} basePath="/services" label="Repair categories" />
        <div className="mt-4 sm:mt-8">
          <ModelSelector category={category} picker={picker} />
        </div>
        <p className="mt-8 text-slate-700">
          Don&apos;t see your device or repair? Call us at{" "}
          <a href={contact.phone.href} className="font-semibold text-brand-700 hover:underline">
            {contact.phone.display}
          </a>{" "}
          or{" "}
          <Link to="/book-appointment" className="font-semibold text-brand-700 hover:underline">
            book a free diagnostic
          </Link>
          .
        </p>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return errorMeta("Service not found");
  const { category, origin } = data;
  return pageMeta({
    title: `${category.title} in ${address.city}`,
    description: `${category.title} prices in ${address.city}: pick your brand and model to see every repair we offer and what it costs. Free diagnostics, same-day service and a ${warranty.days}-day warranty.`,
    origin,
    path: `/services/${category.slug}`,
  });
};

export const ErrorBoundary = RouteErrorBoundary;
