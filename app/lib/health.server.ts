import { pingDatabase } from "#db/client";
import { database } from "./db.server";

export async function isDatabaseUp(): Promise<boolean> {
  return database().then(
    (db) => pingDatabase(db),
    () => false,
  );
}
