import { connectDatabase, disconnectDatabase } from "~/lib/db.server";

const handle = await connectDatabase();
console.info(`Migrations applied (${handle.driver}).`);
await disconnectDatabase();
