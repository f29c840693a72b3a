import postgres from "postgres";

/** The Postgres server the tests use (TEST_DATABASE_URL), and a database of their own on it. */
export function postgresServer() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error("TEST_DATABASE_URL is required for the postgres integration tests");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  return {
    admin,
    /** The address of the database `name` on that server. */
    urlOf(name: string) {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
  };
}
