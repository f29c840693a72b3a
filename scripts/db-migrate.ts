import { connectDatabase, disconnectDatabase } from "~/server/db.server";

const handle = await connectDatabase();
console.info(`Migrations applied (${handle.driver}).`);
await disconnectDatabase();
