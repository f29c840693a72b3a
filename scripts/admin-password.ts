// npm run admin:password -- <username>
// Sets a new password for a staff account and ends its sessions. The password is ADMIN_PASSWORD
// when set; otherwise it is asked for on a terminal (an empty answer generates one); with no
// terminal (a container's `docker exec` without -it), one is generated. A generated password is
// printed once.
import { connectDatabase, disconnectDatabase } from "~/server/db.server";
import { generatePassword, resetPasswordOnServer } from "~/models/staff-user.server";
import { askHidden } from "./ask-hidden";
import { commandFailure } from "./command-failure";

const [username, ...rest] = process.argv.slice(2);
if (!username || rest.length > 0) {
  console.error("Usage: npm run admin:password -- <username>");
  process.exit(2);
}

try {
  const typed =
    process.env.ADMIN_PASSWORD ||
    (process.stdin.isTTY
      ? await askHidden("New password (at least 12 characters; leave empty to generate one): ")
      : "");
  const password = typed || generatePassword();
  await connectDatabase();
  const account = await resetPasswordOnServer(username, password, !typed);
  if (!account) {
    console.error(`No staff account "${username}".`);
    process.exitCode = 1;
  } else {
    console.info(`Password of "${account.username}" reset; every session it had has ended.`);
    if (!typed) console.info(`New password (shown once): ${password}`);
    if (account.disabled)
      console.info("The account is disabled: an owner enables it again under Staff.");
  }
} catch (error) {
  console.error(commandFailure(error));
  process.exitCode = 1;
} finally {
  await disconnectDatabase();
}
