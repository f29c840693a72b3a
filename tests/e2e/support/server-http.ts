/** Plain HTTP calls for the specs that drive server processes without a browser. */

/**
 * Signs in through the staff login form, as a browser without JavaScript does; returns the Cookie
 * header.
 */
export async function logInForCookie(
  baseUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams({ username, password, redirectTo: "/admin/dashboard" }),
  });
  if (response.status !== 303) throw new Error(`login answered ${response.status}`);
  // A cookie the answer clears (an empty value) is one a browser would drop, not send back.
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs in at the legacy JSON door, as the old admin's script did; returns the bearer token. */
export async function bearerTokenFor(
  baseUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login.php answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A form posted as a signed-in staff member's browser without JavaScript would, not followed. */
export const postFormAs = (
  who: { url: string; cookie: string },
  path: string,
  fields: Record<string, string>,
) =>
  fetch(`${who.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: who.cookie,
      origin: who.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });

/** The submission key a public form was rendered with. */
export async function renderedSubmissionKey(baseUrl: string, path: string): Promise<string> {
  const page = await fetch(`${baseUrl}${path}`).then((r) => r.text());
  const key = /name="submissionKey" value="([^"]+)"/.exec(page)?.[1];
  if (!key) throw new Error(`no submission key on ${path}`);
  return key;
}

/**
 * Books through the form, as a browser without JavaScript does; returns the secret tracking token
 * the confirmation's address carries.
 */
export async function bookThroughForm(
  baseUrl: string,
  fields: Record<string, string>,
): Promise<string> {
  const submissionKey = await renderedSubmissionKey(baseUrl, "/book-appointment");
  const response = await fetch(`${baseUrl}/book-appointment`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, submissionKey }),
  });
  const token = /^\/book-appointment\/confirmation\/([\w-]+)$/.exec(
    response.headers.get("location") ?? "",
  )?.[1];
  if (!token) throw new Error(`booking answered ${response.status}`);
  return token;
}
