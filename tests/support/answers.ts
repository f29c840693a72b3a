/**
 * Typed reads of what a route's action or loader answers, for tests that call one directly.
 *
 * An action answers with one of three things: a `Response` (a redirect, a file), the object
 * React Router's `data(value, init)` makes (`{ type, data, init }`), or a plain value. These
 * helpers take the answer as the route typed it and check at run time which of the three came,
 * so the data a test reads is typed from the route's own return type: a test stops compiling
 * when the answer changes shape.
 */
import type { SubmissionResult } from "@conform-to/react";

/** The object React Router's `data(value, init)` makes (`DataWithResponseInit`). */
export type DataAnswer<D = unknown> = { type: string; data: D; init: ResponseInit | null };

/**
 * The data a route's answer `A` carries: the value inside a `data()` answer, or the plain value;
 * nothing for a `Response`.
 */
export type DataOf<A> = A extends Response
  ? never
  : A extends { data: infer D; init: ResponseInit | null }
    ? D
    : A;

/** A short description of a value for an error message: its kind and, for answers, its status. */
function describe(value: unknown): string {
  if (value instanceof Response)
    return `a Response ${value.status}${value.headers.get("location") ? ` to ${value.headers.get("location")}` : ""}`;
  if (isDataAnswer(value)) return `data() with status ${value.init?.status ?? 200}`;
  if (value === null) return "null";
  if (typeof value === "object") {
    const text = JSON.stringify(value) ?? "";
    return `a plain ${value.constructor?.name ?? "object"} ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
  }
  return `${typeof value} ${String(value)}`;
}

/** Whether `value` is what React Router's `data(value, init)` makes (the router's own check). */
export function isDataAnswer(value: unknown): value is DataAnswer {
  return (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    "data" in value &&
    "init" in value &&
    value.type === "DataWithResponseInit"
  );
}

/** The answer as a `Response`; throws, naming what came instead, when it is anything else. */
export function responseOf(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  throw new Error(`Expected a Response, but the answer was ${describe(answer)}`);
}

/**
 * The data of a `data()` answer, or the plain value, typed from the route's own answer type;
 * throws, naming what came instead, when the answer is a `Response`.
 */
export function dataOf<A>(answer: A): DataOf<A> {
  if (answer instanceof Response)
    throw new Error(`Expected data, but the answer was ${describe(answer)}`);
  return (isDataAnswer(answer) ? answer.data : answer) as DataOf<A>;
}

/**
 * The kinds of data in `D` that carry `key`; when the route's type folds them into a kind without
 * it (TypeScript drops a union member that another one extends), `D` with `key` of unknown type.
 */
type DataWithKey<D, K extends string> = [Extract<D, Record<K, unknown>>] extends [never]
  ? D & Record<K, unknown>
  : Extract<D, Record<K, unknown>>;

/**
 * The data of an answer, as `dataOf` reads it, narrowed to the kinds of data the route answers
 * with that carry `key` (say, the answer of one step of a form); throws when it lacks `key`.
 */
export function dataWith<A, K extends string>(answer: A, key: K): DataWithKey<DataOf<A>, K> {
  const value: unknown = dataOf(answer);
  if (typeof value !== "object" || value === null || !(key in value))
    throw new Error(`Expected data with "${key}", but the answer was ${describe(answer)}`);
  return value as DataWithKey<DataOf<A>, K>;
}

/** What a form action's answer carries for the form: `result`, a Conform reply, in its data. */
type FormAnswer =
  | Response
  | { result: SubmissionResult<string[]> }
  | DataAnswer<{ result: SubmissionResult<string[]> }>;

/**
 * The Conform reply (`result`) a form action answers with: the form's messages and the input it
 * keeps. The route's answer must carry one (checked at compile time); throws for a `Response`.
 */
export function replyOf(answer: FormAnswer): SubmissionResult<string[]> {
  return dataOf(answer).result;
}

/**
 * The HTTP status of an answer: a `Response`'s status, a `data()` answer's `init.status` (200 when
 * it sets none), and 200 for a plain value.
 */
export function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (isDataAnswer(answer)) return answer.init?.status ?? 200;
  return 200;
}

/** The headers of an answer: a `Response`'s, or those a `data()` answer sets (none for a plain value). */
export function headersOf(answer: unknown): Headers {
  if (answer instanceof Response) return answer.headers;
  if (isDataAnswer(answer)) return new Headers(answer.init?.headers);
  return new Headers();
}

/**
 * What the promise (a loader or action run) throws; throws in turn, naming the answer, when it
 * resolves instead. Loaders throw their redirects and `data(null, { status: 404 })`.
 */
export async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error(`Expected the call to throw, but it answered ${describe(answer)}`);
}

/**
 * The error of class `type` that the promise rejects with; throws, naming what came instead, when
 * it resolves or rejects with anything else.
 */
export async function rejectionOf<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const thrown = await thrownBy(promise);
  if (thrown instanceof type) return thrown;
  throw new Error(`Expected a ${type.name}, but the call threw ${describe(thrown)}`);
}
