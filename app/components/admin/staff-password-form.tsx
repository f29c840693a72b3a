import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { Field, FormError, inputClass } from "~/components/forms/field";
import { useFormReply } from "~/components/forms/use-form-reply";
import { minPasswordLength, type changePasswordSchema } from "~/schemas/staff";
import { panel, primaryButton } from "./ui";

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
        <FormError id={form.errorId} errors={form.errors} />
        <Field
          id={current.id}
          label="Current password"
          required
          errorId={current.errorId}
          errors={current.errors}
        >
          <input
            {...current.props}
            type="password"
            required
            autoComplete="current-password"
            maxLength={1024}
            className={`${inputClass} sm:max-w-sm`}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={next.id}
            label="New password"
            required
            errorId={next.errorId}
            errors={next.errors}
            hint={`At least ${minPasswordLength} characters; a few unrelated words work well.`}
          >
            <input
              {...next.props}
              type="password"
              required
              minLength={minPasswordLength}
              maxLength={1024}
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
          <Field
            id={confirm.id}
            label="New password again"
            required
            errorId={confirm.errorId}
            errors={confirm.errors}
          >
            <input
              {...confirm.props}
              type="password"
              required
              minLength={minPasswordLength}
              maxLength={1024}
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
        </div>
        <button type="submit" className={primaryButton}>
          Change password
        </button>
      </Form>
    </section>
  );
}
