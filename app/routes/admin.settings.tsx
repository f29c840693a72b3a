import { getZodConstraint } from "@conform-to/zod";
import type { MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { conflictIn, reloadAfterRefusal } from "~/components/admin/changed-meanwhile";
import { RecentChanges } from "~/components/admin/recent-changes";
import { Section } from "~/components/admin/repair-detail-sections";
import { ShopSettingsForm } from "~/components/admin/shop-settings-form";
import { useActionToast } from "~/components/toaster";
import { recentSettingsChanges, shopSettingsNow } from "~/models/shop-settings.server";
import { shopSettingsSchema } from "~/schemas/shop-settings";
import { conflictOf } from "~/server/changed-meanwhile.server";
import { shopSettingsAction, shownSettings } from "~/routes/shop-settings-form.server";
import { pageTitle } from "~/utils/meta";
import { staffAction, staffLoader } from "~/server/staff-route.server";

export const loader = staffLoader(
  async () => {
    const [current, changes] = await Promise.all([shopSettingsNow(), recentSettingsChanges(10)]);
    return {
      settings: { version: current.version, shown: shownSettings(current) },
      saved: current.updatedAt !== null,
      changes: conflictOf(current.version, changes).changes,
      constraint: getZodConstraint(shopSettingsSchema),
    };
  },
  { may: "manageSettings", unavailable: "Failed to load the settings." },
);

export const action = staffAction(
  async ({ request, context, staff }) => shopSettingsAction(request, context, staff),
  { may: "manageSettings" },
);

/** After a refused save (409) the page reloads what is stored now (decision 0039). */
export const shouldRevalidate = reloadAfterRefusal;

export default function ShopSettingsPage() {
  const { settings, saved, changes, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useActionToast(actionData?.toast);
  const conflict = conflictIn(actionData);
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Shop Settings</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        {saved
          ? "The shop's own rules. A change counts at once for every booking and quote."
          : "The shop's own rules, as the server was started with them until someone saves here. A change counts at once for every booking and quote."}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <Section title="Rules" id="settings-heading">
          <ShopSettingsForm
            key={`${settings.version}|${conflict?.version ?? ""}`}
            current={settings}
            constraint={constraint}
            lastResult={actionData?.result}
            conflict={conflict}
          />
        </Section>
        <RecentChanges id="settings-changes-heading" changes={changes} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Shop Settings") }];

export const ErrorBoundary = AdminErrorBoundary;
