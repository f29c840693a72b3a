// Bundles server/index.ts and the mail thread's entry (and the app modules they use) next to
// the React Router build, and the server-side commands (admin:create, admin:password, db:migrate,
// db:seed) into build/scripts/, so a production install without tsx or TypeScript can run them.
import { build } from "esbuild";

const commands = ["admin-create", "admin-password", "db-migrate", "db-seed"];

await build({
  entryPoints: {
    "start-server": "server/index.ts",
    "mail-thread": "server/mail-thread.ts",
    ...Object.fromEntries(commands.map((name) => [`scripts/${name}`, `scripts/${name}.ts`])),
  },
  outdir: process.env.BUILD_DIR ?? "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
