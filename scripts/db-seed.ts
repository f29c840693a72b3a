import { connectDatabase, disconnectDatabase } from "~/server/db.server";
import { seedCatalogue } from "../seeds/seed";

const handle = await connectDatabase();
const added = await seedCatalogue(handle.db);
console.info(`Catalogue seeded: ${added} repair item(s) added (${handle.driver}).`);
await disconnectDatabase();
