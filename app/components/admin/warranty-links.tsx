import { Link } from "react-router";
import type { RepairDetailView } from "~/types/repairs";

/** Under a repair's title: the repair it is a warranty claim on, and the claims made on it. */
export function WarrantyLinks({ links }: { links: RepairDetailView["warrantyLinks"] }) {
  if (!links.claimOf && !links.claims.length) return null;
  const link = ({ id, text }: { id: number; text: string }) => (
    <Link key={id} to={`/admin/repairs/${id}`} className="text-brand-700 underline">
      {text}
    </Link>
  );
  return (
    <p
      className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-800"
      data-testid="warranty-links"
    >
      {links.claimOf ? <>Warranty claim on {link(links.claimOf)}. </> : null}
      {links.claims.length ? (
        <>
          Warranty claims:{" "}
          {links.claims.map((claim, index) => (
            <span key={claim.id}>
              {index ? ", " : ""}
              {link(claim)}
            </span>
          ))}
          .
        </>
      ) : null}
    </p>
  );
}
