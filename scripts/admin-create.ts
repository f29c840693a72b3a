// npm run admin:create -- <username>   (an owner; password from ADMIN_PASSWORD, or asked for on the
// terminal) npm run admin:create -- <username> --role technician   (or manager, front_desk: an
// account without the owner's pages) npm run admin:create -- <username> --reset-2fa   (turns off the account's second factor:
// lost phone and recovery codes)
import { connectDatabase, disconnectDatabase } from "~/server/db.server";
import { createStaffUser, resetTwoFactor } from "~/models/staff-user.server";
import { staffRoles } from "~/schemas/staff";
import { askHidden } from "./ask-hidden";
import { commandFailure } from "./command-failure";

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new Error("No terminal to ask on: set ADMIN_PASSWORD");
  return askHidden("Password (at least 12 characters): ");
}

const [username, option, roleArgument] = process.argv.slice(2);
const role = staffRoles.find((known) => known === (option === "--role" ? roleArgument : "owner"));
if (
  !username ||
  (option && option !== "--reset-2fa" && option !== "--role") ||
  !role ||
  (option !== "--role" && roleArgument)
) {
  console.error(
    `Usage: npm run admin:create -- <username> [--role ${staffRoles.join("|")} | --reset-2fa]`,
  );
  process.exit(2);
}
try {
  if (option === "--reset-2fa") {
    await connectDatabase();
    const reset = await resetTwoFactor(username);
    console.info(
      reset
        ? `Two-factor sign-in of "${username}" turned off; they sign in with the password and can enrol again.`
        : `No staff account "${username}".`,
    );
    if (!reset) process.exitCode = 1;
  } else {
    const password = process.env.ADMIN_PASSWORD || (await askPassword());
    await connectDatabase();
    // Whoever runs this on the server is the shop's owner (or acts for them): owners unless told
    // otherwise.
    const created = await createStaffUser(username, password, role);
    console.info(
      created
        ? `Staff account "${username}" created (${role}).`
        : `Staff account "${username}" already exists; nothing changed.`,
    );
  }
} catch (error) {
  console.error(commandFailure(error));
  process.exitCode = 1;
} finally {
  await disconnectDatabase();
}
