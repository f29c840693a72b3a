import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * Outbound HTTP in tests goes through MSW; a request no handler expects fails the test, so the
 * suite never reaches the network. Tests add handlers with `mockServer.use(...)`.
 */
export const mockServer = setupServer();

beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
