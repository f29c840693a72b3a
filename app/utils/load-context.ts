import type { Toast } from "~/types/toast";

declare module "react-router" {
  interface AppLoadContext {
    /** Short id shown on error pages and written on the request's log line. */
    requestId: string;
    /** This response's Content-Security-Policy nonce, for the scripts the router writes inline. */
    cspNonce: string;
    /**
     * The client's address: the peer's, or behind the proxies TRUST_PROXY names the right-most
     * X-Forwarded-For entry that is not one of them. For rate limits, never logged.
     */
    clientIp: string;
    /**
     * A toast for the page rendered in this same request: a form answered with 4xx is not a
     * redirect, so the flash cookie cannot carry it. The root loader reads it.
     */
    toast?: Toast;
  }
}

export {};
