import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { z } from "zod";
import { InputField } from "~/components/forms/field";
import { useFormReply, type FormConstraint } from "~/components/forms/use-form-reply";
import type { closureSchema, specialHoursSchema } from "~/schemas/shop-calendar";
import type { ChangedMeanwhile } from "~/types/repairs";
import type { CalendarFormFill } from "~/types/shop-calendar";
import { SaveRefused } from "./changed-meanwhile";
import { primaryButton, secondaryButton } from "./ui";

type Props = {
  /** The entry being changed, or a holiday being opened; new and empty otherwise. */
  fill?: CalendarFormFill;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
  conflict?: ChangedMeanwhile;
  /** Where the page is without the edit, for Cancel. */
  cancelTo: string;
  /** Posts to this address, so a refused edit comes back to the same edit. */
  action: string;
  minDate: string;
};

/** The entry's id and version and what the form showed (decision 0039), when it changes one. */
function Hidden({ intent, fill, conflict }: Pick<Props, "fill" | "conflict"> & { intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {fill?.id !== undefined ? (
        <>
          <input type="hidden" name="id" value={fill.id} />
          <input type="hidden" name="version" value={conflict?.version ?? fill.version} />
          <input type="hidden" name="shown" value={JSON.stringify(fill.values)} />
        </>
      ) : null}
    </>
  );
}

function Buttons({
  editing,
  noun,
  cancelTo,
}: {
  editing: boolean;
  noun: string;
  cancelTo: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className={primaryButton}>
        {editing ? `Save ${noun}` : `Add ${noun}`}
      </button>
      {editing ? (
        <Link to={cancelTo} className={secondaryButton}>
          Cancel
        </Link>
      ) : null}
    </div>
  );
}

/** The form around an entry's own fields: what it changes, a refused save, and its buttons. */
function EntryForm({
  intent,
  noun,
  form,
  fill,
  conflict,
  cancelTo,
  action,
  children,
}: Pick<Props, "fill" | "conflict" | "cancelTo" | "action"> & {
  intent: string;
  noun: string;
  form: ReturnType<typeof useFormReply>["form"];
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="space-y-4" {...form.props}>
      <Hidden intent={intent} fill={fill} conflict={conflict} />
      <SaveRefused form={form} conflict={conflict} />
      {children}
      <Buttons editing={fill?.id !== undefined} noun={noun} cancelTo={cancelTo} />
    </Form>
  );
}

/** Closed from one date to another, with the reason customers read on the site. */
export function ClosureForm({
  fill,
  constraint,
  lastResult,
  conflict,
  cancelTo,
  action,
  minDate,
}: Props) {
  const { form, field } = useFormReply<z.input<typeof closureSchema>>(lastResult, {
    constraint,
    defaultValue: fill?.values,
  });
  return (
    <EntryForm
      intent="closure"
      noun="Closure"
      form={form}
      {...{ fill, conflict, cancelTo, action }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={field("from")}
          label="First day closed"
          required
          inputProps={{ type: "date", min: minDate }}
        />
        <InputField
          field={field("to")}
          label="Last day closed"
          hint="Leave blank for one day."
          inputProps={{ type: "date", min: minDate }}
        />
      </div>
      <InputField
        field={field("reason")}
        label="Reason customers see"
        required
        hint="Such as Renovation or Staff training. The booking form says: We're closed on Monday, January 11 (Renovation)."
      />
    </EntryForm>
  );
}

/** One date's own hours: a statutory holiday opened, or a day opened late or closed early. */
export function SpecialHoursForm({
  fill,
  constraint,
  lastResult,
  conflict,
  cancelTo,
  action,
  minDate,
}: Props) {
  const { form, field } = useFormReply<z.input<typeof specialHoursSchema>>(lastResult, {
    constraint,
    defaultValue: fill?.values,
  });
  return (
    <EntryForm
      intent="hours"
      noun="Special Hours"
      form={form}
      {...{ fill, conflict, cancelTo, action }}
    >
      <InputField
        field={field("date")}
        label="Date"
        required
        inputProps={{ type: "date", min: minDate }}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField field={field("opens")} label="Opens" required inputProps={{ type: "time" }} />
        <InputField field={field("closes")} label="Closes" required inputProps={{ type: "time" }} />
      </div>
      <InputField
        field={field("reason")}
        label="Note customers see"
        hint="Optional, such as Christmas Eve. On a statutory holiday the holiday's name is shown."
      />
    </EntryForm>
  );
}
