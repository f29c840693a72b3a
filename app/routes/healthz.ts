import { isDatabaseUp } from "~/server/health.server";

export async function loader() {
  const up = await isDatabaseUp();
  return Response.json(up ? { status: "ok" } : { status: "unavailable" }, {
    status: up ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
}
