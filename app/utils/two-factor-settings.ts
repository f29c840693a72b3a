/**
 * Where staff set up their second factor; with STAFF_2FA=required the only admin page open until
 * they do.
 */
export const securityPath = "/admin/security";

/** Recovery codes made at a time; each signs in once. */
export const recoveryCodeCount = 10;
