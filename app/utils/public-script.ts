import { createContext, useContext } from "react";

/**
 * The public pages' script (app/browser/public-page.ts), set by the server for a public page: such
 * a page loads it in place of React Router's browser runtime. Unset under /admin, which hydrates.
 */
export const PublicScriptContext = createContext<string | undefined>(undefined);

export const usePublicScript = () => useContext(PublicScriptContext);
