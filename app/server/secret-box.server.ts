import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { settings } from "~/server/env.server";

const key = () =>
  Buffer.from(hkdfSync("sha256", settings().twoFactorKey, "wefix", "staff totp secret v1", 32));

/** AES-256-GCM; `context` (e.g. the staff id) is bound in, so a sealed value cannot be moved to another row. */
export function seal(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv).setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The plain text, or undefined when the value was sealed under another key or context. */
export function open(value: string, context: string): string | undefined {
  const [version, body] = value.split(".");
  if (version !== "v1" || !body) return undefined;
  const bytes = Buffer.from(body, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12)).setAAD(
      Buffer.from(context),
    );
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
