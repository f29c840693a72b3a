import type { Request, Response } from "express";
import { brand, contact } from "~/config/shop";

export type Refusal = {
  status: 400 | 403 | 405 | 413 | 415 | 500;
  title: string;
  message: string;
  headers?: Record<string, string>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page for a request refused before it reaches the app (another site's form, a body too
 * large, a method or content type no page takes), or one the app failed outside any route. It
 * stands alone, with no script and no stylesheet, so it renders whatever went wrong.
 */
function refusalPage({ status, title, message }: Refusal) {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(brand.name)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc">
<main style="max-width:36rem;margin:0 auto;padding:3rem 1.5rem;text-align:center">
<p style="margin:0 0 2rem;font-size:1.5rem;font-weight:800"><a href="/" style="color:#0f172a;text-decoration:none">${escapeHtml(brand.name)}</a></p>
<p style="font-size:3.5rem;font-weight:800;margin:0;color:#1d4ed8">${status}</p>
<h1 style="font-size:1.75rem;margin:1rem 0">${escapeHtml(title)}</h1>
<p style="font-size:1.125rem;color:#475569">${escapeHtml(message)}</p>
<p style="margin-top:2rem"><a href="/" style="display:inline-block;margin:0.25rem;padding:0.75rem 1.25rem;border-radius:0.375rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none">Back to Home</a>
<a href="${contact.phone.href}" style="display:inline-block;margin:0.25rem;padding:0.75rem 1.25rem;border:1px solid #cbd5e1;border-radius:0.375rem;color:#0f172a;font-weight:600;text-decoration:none">Call ${escapeHtml(contact.phone.display)}</a></p>
</main>
</body>
</html>`;
}

/** The legacy JSON doors and the beacon answer in JSON; every page gets the refusal page. */
export function refuse(req: Request, res: Response, refusal: Refusal) {
  res.status(refusal.status);
  res.setHeader("cache-control", "no-store");
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  if (req.path.startsWith("/api/")) res.json({ success: false, message: refusal.message });
  else res.type("html").send(refusalPage(refusal));
}
