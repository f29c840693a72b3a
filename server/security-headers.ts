import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import { address } from "~/config/shop";

/** The only third party a page may show: the map, and only inside a frame the visitor asked for. */
const mapOrigin = new URL(address.mapEmbed).origin;

function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // The router's inline hydration and scroll scripts carry the nonce; all else is a file of ours.
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'"],
    // Style attributes only (chart legend swatches and a few widths set them); no <style> elements.
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

const permissionsPolicy =
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
 * Sets the headers every response carries, the same on every path a response takes (a kept page
 * answered before Express, or anything Express answers), and returns the response's fresh nonce,
 * which goes to the page so an injected script can never guess it. The policy is built once
 * around a placeholder and each response only splices its nonce in.
 */
export function securityHeaders({
  dev,
  production,
}: {
  dev: boolean;
  production: boolean;
}): (res: ServerResponse) => string {
  const [beforeNonce, afterNonce] = contentSecurityPolicy("\0", { dev }).split("\0") as [
    string,
    string,
  ];
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", permissionsPolicy],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  if (production) fixed.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return (res) => {
    const nonce = freshNonce();
    res.setHeader("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    for (const [name, value] of fixed) res.setHeader(name, value);
    return nonce;
  };
}
