import { afterEach, vi } from "vitest";
import { loadSettings } from "~/server/env.server";

/**
 * Sets environment variables for one test and has the app read its settings again; every test
 * ends with the variables and settings it started with.
 */
export function useSettings(variables: Record<string, string>) {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  loadSettings();
}

afterEach(() => {
  vi.unstubAllEnvs();
  loadSettings();
});
