// Input built to make validation slow, through real HTTP: the server refuses it with a 4xx and
// keeps answering everyone else meanwhile. Node validates one request at a time, so a field that
// took quadratic time (60 KB of spaces in a booking's time: 20 s) stalled every visitor. What
// such requests add to others' answers is measured by `npm run bench:slow-input`, against quiet
// checks of the same run, not here.
import { expect, test } from "@playwright/test";
import { hostileRequests, underAttack } from "./support/hostile-input";
import { startServer, type ServerProcess } from "./support/server-process";

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServer({
    PGLITE_DIR: "memory://",
    // The limit is not what answers them: validation does, before it.
    RATE_LIMIT_SUBMIT_PER_MIN: "1000000",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("hostile fields get a 4xx while the health check keeps answering", async () => {
  const requests = await hostileRequests(server.url);
  const { answers, during } = await underAttack(server.url, requests, 5);

  expect(during.length, "health checks while hostile requests were in flight").toBeGreaterThan(0);
  for (const { status } of during) expect(status, "/healthz").toBe(200);
  expect(new Set(answers.map(({ what }) => what))).toEqual(new Set(requests.map((r) => r.what)));
  for (const { what, status } of answers) {
    expect(status, what).toBeGreaterThanOrEqual(400);
    expect(status, what).toBeLessThan(500);
  }
});
