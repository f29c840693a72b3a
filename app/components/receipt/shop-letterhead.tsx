import type { ReactNode } from "react";
import { address, brand, contact, invoicing } from "~/config/shop";

/** The top of every paper the shop hands over: who it is, where, and its number; `children` add lines. */
export function ShopLetterhead({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-300 pb-3">
      <p className="text-lg font-bold">{invoicing.legalName}</p>
      <p>
        {brand.name} · {address.full}
      </p>
      <p>{contact.phone.display}</p>
      {children}
    </header>
  );
}
