/** What a 503 page receives: the message to show and the request id a visitor can quote to us. */
export type UnavailableData = { message: string; requestId: string };
