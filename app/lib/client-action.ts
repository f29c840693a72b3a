import type { ClientActionFunctionArgs } from "@remix-run/react";
import type { ToastMessage } from "./form-messages";

/**
 * On a flaky connection the request may die after the server stored it. Instead of an error
 * page, keep the form as typed and say so; resubmitting sends the same submission key, so the
 * server answers with the booking or message it already has.
 */
export function keepFormOnNetworkError(failure: ToastMessage) {
  return async function clientAction({ serverAction }: ClientActionFunctionArgs) {
    try {
      return await serverAction();
    } catch (error) {
      if (error instanceof Response) throw error;
      return { result: undefined, toast: failure };
    }
  };
}
