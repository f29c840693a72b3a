import { useLocation } from "react-router";

/** How a page is opened with a form's answer that came back for a kept submission. */
export type KeptAnswerState = { keptAnswer: unknown };

/**
 * The form's answer: the action's, or the one a kept submission got from the server while the
 * page was not looking (the visitor is brought back here with it, see OfflineCenter). `formKey`
 * changes with each such return, so the form shows that answer's input afresh.
 */
export function useFormAnswer<Answer>(actionData: Answer | undefined): {
  answer: Answer | undefined;
  formKey: string;
} {
  const location = useLocation();
  const kept = (location.state as Partial<KeptAnswerState> | null)?.keptAnswer as
    Answer | undefined;
  return { answer: actionData ?? kept, formKey: kept ? location.key : "form" };
}
