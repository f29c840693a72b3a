import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered. Only the server knows it;
 * browsers hide nonce attributes from scripts, so the client renders it empty and hydration agrees.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
