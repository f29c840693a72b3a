import { readFileSync } from "node:fs";
import path from "node:path";
import { settings } from "./env.server";

let built: string | undefined;

/**
 * The address of the hashed file the build made of the public pages' script
 * (scripts/build-public-script.js), read once.
 */
export function builtPublicScriptSrc(): string {
  built ??= (
    JSON.parse(readFileSync(path.join(settings().buildDir, "public-script.json"), "utf8")) as {
      src: string;
    }
  ).src;
  return built;
}

/** The address of the public pages' script; in development Vite serves the source itself. */
export function publicScriptSrc(): string {
  return import.meta.env.DEV ? "/app/browser/public-page.ts" : builtPublicScriptSrc();
}
