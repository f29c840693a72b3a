import { Link } from "react-router";

/** A page of one repair's (its photos, its invoice): the way back to it, and "<what> for WF-…". */
export function RepairPageTitle({
  repair,
  what,
}: {
  repair: { id: number; reference: string };
  what: string;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={`/admin/repairs/${repair.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          ← Back to {repair.reference}
        </Link>
      </nav>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">
        {what} for <span className="font-mono">{repair.reference}</span>
      </h1>
    </>
  );
}
