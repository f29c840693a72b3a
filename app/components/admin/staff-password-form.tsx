import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { InputField, inputClass } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useFormReply } from "~/components/forms/use-form-reply";
import { minPasswordLength, type changePasswordSchema } from "~/schemas/staff";
import { panel, primaryButton } from "./ui";

// This form gets no schema constraint from its page, so the rules are written out here.
const newPassword = {
  type: "password",
  required: true,
  minLength: minPasswordLength,
  maxLength: 1024,
  autoComplete: "new-password",
};

/** A staff member's own password: the current one as proof, the new one twice. */
export function StaffPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { form, field } = useFormReply<z.input<typeof changePasswordSchema>>(lastResult);
  const current = field("currentPassword");
  const next = field("newPassword");
  const confirm = field("confirmPassword");
  return (
    <section aria-labelledby="password-heading" className={`${panel} mt-6 max-w-3xl`}>
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Changing it signs you out everywhere else (other browsers, phones and API tokens); you stay
        signed in here.
      </p>
      <Form method="post" className="mt-4 space-y-4" {...form.props}>
        <input type="hidden" name="intent" value="change_password" />
        <ErrorSummary form={form} />
        <InputField
          field={current}
          label="Current password"
          required
          inputProps={{
            type: "password",
            required: true,
            autoComplete: "current-password",
            maxLength: 1024,
            className: `${inputClass} sm:max-w-sm`,
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            field={next}
            label="New password"
            required
            hint={`At least ${minPasswordLength} characters; a few unrelated words work well.`}
            inputProps={newPassword}
          />
          <InputField
            field={confirm}
            label="New password again"
            required
            inputProps={newPassword}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Change password
        </button>
      </Form>
    </section>
  );
}
