import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { z } from "zod";
import { fromSettings } from "~/server/env.server";

/** HttpOnly, SameSite=Lax, signed; in production Secure with the __Host- prefix. */
function signedCookie(name: string, maxAgeSeconds: number): () => Cookie {
  return fromSettings(({ production, sessionSecret }) =>
    createCookie(production ? `__Host-${name}` : name, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      maxAge: maxAgeSeconds,
      secrets: [sessionSecret],
    }),
  );
}

async function parse<T>(
  cookie: Cookie,
  request: Request,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const parsed = schema.safeParse(await cookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : undefined;
}

/*
 * The known-device cookie: a random id for this browser and the accounts that signed in on it.
 * Such a device is exempt from an account's lock (it has its own throttle), so a stranger's
 * failed logins cannot keep the account's owner out.
 */

const deviceCookie = signedCookie("wf_device", 400 * 24 * 60 * 60);
const deviceSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  accounts: z.array(z.string().max(64)).max(10),
});
type Device = z.infer<typeof deviceSchema>;

const readDevice = (request: Request) => parse(deviceCookie(), request, deviceSchema);

/** This device's id when `username` signed in on it before. */
export async function knownDeviceFor(
  request: Request,
  username: string,
): Promise<string | undefined> {
  const device = await readDevice(request);
  return device?.accounts.includes(username.toLowerCase()) ? device.id : undefined;
}

/** The cookie that marks this device as known to `username` from now on (the ten latest accounts). */
export async function rememberDevice(request: Request, username: string): Promise<string> {
  const device: Device = (await readDevice(request)) ?? {
    id: randomBytes(16).toString("base64url"),
    accounts: [],
  };
  const name = username.toLowerCase();
  return deviceCookie().serialize({
    id: device.id,
    accounts: [name, ...device.accounts.filter((a) => a !== name)].slice(0, 10),
  });
}

/*
 * A sign-in waiting for its second factor: who gave the right password and where they go next.
 * It opens nothing by itself; the session is created only after the code.
 */

const pendingMinutes = 5;
const pendingCookie = signedCookie("wf_pending_login", pendingMinutes * 60);
const pendingSchema = z.object({
  staffId: z.number().int().positive(),
  username: z.string().max(64),
  redirectTo: z.string().max(2000),
  expires: z.number(),
});
export type PendingLogin = Omit<z.infer<typeof pendingSchema>, "expires">;

export const startPendingLogin = (pending: PendingLogin, now = Date.now()) =>
  pendingCookie().serialize({ ...pending, expires: now + pendingMinutes * 60 * 1000 });

export async function pendingLogin(
  request: Request,
  now = Date.now(),
): Promise<PendingLogin | undefined> {
  const pending = await parse(pendingCookie(), request, pendingSchema);
  return pending && pending.expires > now
    ? { staffId: pending.staffId, username: pending.username, redirectTo: pending.redirectTo }
    : undefined;
}

export const endPendingLogin = () => pendingCookie().serialize("", { maxAge: 0 });
