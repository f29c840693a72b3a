import { pingDatabase } from "#db/client";
import { database } from "~/server/db.server";

export async function isDatabaseUp(): Promise<boolean> {
  return database().then(
    (db) => pingDatabase(db),
    () => false,
  );
}
