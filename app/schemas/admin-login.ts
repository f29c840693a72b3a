import { z } from "zod";
import { requiredText } from "./fields";
import { optionalCodeField } from "./two-factor";

/** Staff login: the /admin/login form and the legacy login.php body (which sends the second factor's `code` with it). */
export const loginSchema = z.object({
  username: requiredText(64, "Please enter your username.", "Invalid username or password."),
  // Not trimmed: spaces may be part of a password. Bounded so nobody can make us hash megabytes.
  password: z
    .string({
      required_error: "Please enter your password.",
      invalid_type_error: "Please enter your password.",
    })
    .min(1, "Please enter your password.")
    .max(1024, "Invalid username or password."),
  redirectTo: z.string().max(2000).optional(),
  code: optionalCodeField,
});
