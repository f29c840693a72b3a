import type { MetaFunction } from "@remix-run/node";
import { brand } from "~/config/shop";
import { pageTitle } from "~/lib/meta";

export default function AdminLoginPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-slate-900">{brand.name} Staff Login</h1>
      </div>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Admin Login") }];
