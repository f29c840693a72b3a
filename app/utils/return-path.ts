const base = new URL("https://same-site.invalid");

/** The page staff land on when a return path is missing or refused. */
export const defaultReturnPath = "/admin/dashboard";

/** Pages that would loop back into signing in or out. */
const excluded = new Set(["/admin/login", "/admin/login/code", "/admin/logout"]);

/**
 * A return path that can only lead to a staff page of this site. The text is resolved the way a
 * browser resolves it (dot segments, backslashes, tabs and newlines dropped, scheme-relative
 * forms), and the check is made on the result, which is also what is returned: a path whose
 * resolved or decoded form could be read as another host (`//x`, `/\x`, `/%2f%2fx`) is refused,
 * so every reader of the emitted Location agrees it stays here.
 */
export function safeRedirectPath(
  to: string | null | undefined,
  fallback = defaultReturnPath,
): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || url.username || url.password) return fallback;
  const { pathname } = url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return fallback;
  }
  if (
    !/^\/admin(\/|$)/.test(pathname) ||
    /^\/[/\\]/.test(decoded) ||
    /[\\\p{Cc}]|\/\.{1,2}(\/|$)/u.test(decoded)
  )
    return fallback;
  if (excluded.has(pathname.replace(/\/$/, ""))) return fallback;
  return `${pathname}${url.search}${url.hash}`;
}
