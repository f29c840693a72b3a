/**
 * A message the provider refused for good (a 4xx such as an invalid number): it is marked failed
 * at once and not tried again. Any other error is taken as passing and retried with growing
 * pauses.
 */
export class FinalFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FinalFailure";
  }
}
