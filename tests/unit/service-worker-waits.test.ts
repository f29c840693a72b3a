import { describe, expect, test } from "vitest";
import { answerWaitMs } from "~/sw/form-posts";

describe("the service worker's wait for a form's answer", () => {
  test("is 10 s as the page registers it", () => {
    expect(answerWaitMs("https://wefix.example/sw.js")).toBe(10_000);
  });

  test("is what its script URL asks for, within 1–10 s, so a test can watch a weak signal sooner", () => {
    const wait = (asked: string) =>
      answerWaitMs(`https://wefix.example/sw.js?answerWaitMs=${asked}`);
    expect(wait("2000")).toBe(2_000);
    expect(wait("1000")).toBe(1_000);
    expect(wait("10000")).toBe(10_000);
    for (const refused of ["999", "10001", "0", "-5", "2.5", "1e9", "soon", ""])
      expect(wait(refused)).toBe(10_000);
  });
});
