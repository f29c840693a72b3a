import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import type { Toast } from "~/types/toast";
import type { Assert, SameType } from "~/types/same-type";
import { fromSettings } from "~/server/env.server";

const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["message", "success", "destructive"]).default("message"),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

// The type pages use is written out in app/types/toast.ts; it must be what this schema gives.
type _ToastIsTheSchemas = Assert<SameType<Toast, z.infer<typeof toastSchema>>>;
type ToastInput = z.input<typeof toastSchema>;

const flashKey = "toast" as const;

type FlashData = { [flashKey]: Toast };
const toastStorage = fromSettings(({ production, sessionSecret }) =>
  createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: "wf_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      secrets: [sessionSecret],
    },
  }),
);

/** A Set-Cookie header that carries one toast to the next page the browser loads. */
export async function createToastHeaders(input: ToastInput) {
  const session = await toastStorage().getSession();
  session.flash(flashKey, toastSchema.parse(input));
  return new Headers({ "set-cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(input)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  if (!session.has(flashKey)) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(session.get(flashKey));
  const headers = new Headers({ "set-cookie": await toastStorage().destroySession(session) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** For a page answered in this same request (a 4xx form response): the root loader shows it. */
export function toastForThisRequest(context: { toast?: Toast }, input: ToastInput) {
  context.toast = toastSchema.parse(input);
  return context.toast;
}
