import { redirect } from "react-router";

/** The legacy selector's URL; links in old blog posts and bookmarks still point here. */
export function loader() {
  return redirect("/services/mobile", 301);
}
