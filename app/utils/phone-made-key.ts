/**
 * A submission key made on the visitor's phone, for a booking or contact form the service worker
 * opened offline from its copy (decision 0061): "phone." and 24 random bytes in base64url, as
 * unguessable as a key the server signs. The form door accepts it beside its own keys.
 */
const phoneMadeKeyShape = /^phone\.[A-Za-z0-9_-]{32}$/;

export const isPhoneMadeKey = (key: string) => phoneMadeKeyShape.test(key);

export function makePhoneKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `phone.${base64.replaceAll("+", "-").replaceAll("/", "_")}`;
}
