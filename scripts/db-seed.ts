import { connectDatabase, disconnectDatabase } from "~/server/db.server";
import { seedBuybackGrid } from "../seeds/buyback-grid";
import { seedCatalogue } from "../seeds/seed";

const handle = await connectDatabase();
const added = await seedCatalogue(handle.db);
console.info(`Catalogue seeded: ${added} repair item(s) added (${handle.driver}).`);
const prices = await seedBuybackGrid(handle.db);
console.info(`Buyback grid seeded: ${prices} row(s) added.`);
await disconnectDatabase();
