import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/lib/meta";

export default function AdminRepairItemsPage() {
  return <h1 className="text-2xl font-bold text-slate-900">Manage Repair Items</h1>;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Manage Repair Items") }];
