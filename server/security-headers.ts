import { randomFillSync } from "node:crypto";
import type { RequestHandler } from "express";
import { address } from "~/config/shop";

/** The only third party a page may show: the map, and only inside a frame the visitor asked for. */
const mapOrigin = new URL(address.mapEmbed).origin;

export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Remix's inline hydration and scroll scripts carry the nonce; everything else is a file of ours.
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'"],
    // Style attributes only (nivo's server-drawn SVG charts set them); no <style> elements.
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": dev ? ["'self'", "ws:"] : ["'self'"],
    "frame-src": [mapOrigin],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

export const permissionsPolicy =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/**
 * 16 random bytes for each nonce, cut from a pool refilled 256 nonces at a time: one call into
 * the system's random source per 256 responses instead of one each.
 */
const noncesPerFill = 256;
const pool = Buffer.alloc(16 * noncesPerFill);
let used = noncesPerFill;
function freshNonce() {
  if (used === noncesPerFill) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = pool.subarray(used * 16, (used + 1) * 16);
  used += 1;
  return bytes.toString("base64");
}

/**
 * Headers every response carries. A fresh nonce per response goes to the page through
 * `res.locals.cspNonce`, so an injected script can never guess it. The policy is built once
 * around a placeholder and each response only splices its nonce in.
 */
export function securityHeaders({
  dev,
  production,
}: {
  dev: boolean;
  production: boolean;
}): RequestHandler {
  const [beforeNonce, afterNonce] = contentSecurityPolicy("\0", { dev }).split("\0") as [
    string,
    string,
  ];
  return (_req, res, next) => {
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", permissionsPolicy);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (production)
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
