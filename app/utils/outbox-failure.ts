/**
 * A message that must not be tried again: the provider refused it for good (`failed`, a 4xx such
 * as an invalid number), or it should not be sent at all (`cancelled`, the customer replied STOP).
 * Any other error is taken as passing and retried with growing pauses.
 */
export class FinalFailure extends Error {
  constructor(
    message: string,
    readonly outcome: "failed" | "cancelled",
  ) {
    super(message);
    this.name = "FinalFailure";
  }
}
