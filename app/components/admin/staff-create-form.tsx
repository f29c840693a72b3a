import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { InputField, SelectField } from "~/components/forms/field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import { minPasswordLength, type createStaffSchema } from "~/schemas/staff";
import { GeneratePasswordBox, RoleGuide, RoleOptions } from "./staff-fields";
import { primaryButton } from "./ui";

/**
 * Username, role, and a password the owner types or has generated (shown once on the next page).
 */
export function StaffCreateForm({
  constraint,
  lastResult,
}: {
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, field } = useFormReply<z.input<typeof createStaffSchema>>(lastResult, {
    constraint,
    defaultValue: { role: "technician" },
  });
  const username = field("username");
  const role = field("role");
  const password = field("password");
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="create" />
      <ErrorSummary form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={username}
          label="Username"
          required
          hint="3–64 letters, digits, dots, dashes or underscores"
          inputProps={{
            type: "text",
            autoComplete: "off",
            autoCapitalize: "none",
            spellCheck: false,
          }}
        />
        <SelectField
          field={role}
          label="Role"
          required
          alwaysChosen
          hint="What each role may do is listed below"
        >
          <RoleOptions />
        </SelectField>
      </div>
      <RoleGuide />
      <InputField
        field={password}
        label="Initial password"
        hint={`At least ${minPasswordLength} characters. Hand it over in person; they can change it under Account & Security.`}
        inputProps={{
          type: "password",
          autoComplete: "new-password",
          minLength: minPasswordLength,
        }}
      />
      <GeneratePasswordBox label="Generate a password instead (shown once)" />
      <button type="submit" className={primaryButton}>
        Add staff member
      </button>
    </Form>
  );
}
