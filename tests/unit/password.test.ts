import { describe, expect, it } from "vitest";
import { decoyPasswordHash, hashPassword, verifyPassword } from "~/server/password.server";

describe("password hashing", () => {
  it("stores a salted scrypt hash that verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
    expect(await hashPassword("correct horse battery staple")).not.toBe(hash);
  });

  it("rejects malformed stored hashes instead of throwing", async () => {
    expect(await verifyPassword("x", "plaintext")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$a$b")).toBe(false);
  });

  it("has a decoy hash for unknown users that no password matches", async () => {
    const decoy = await decoyPasswordHash();
    expect(await verifyPassword("", decoy)).toBe(false);
    expect(await decoyPasswordHash()).toBe(decoy);
  });
});
