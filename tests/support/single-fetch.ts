import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/**
 * React Router's own request handler over a build of one page route under an empty root, so a
 * test can read what a browser with JavaScript receives from the page (`/path.data`, single
 * fetch): the turbo-stream text, its status and headers. Documents are not rendered here.
 */
export function singleFetchHandler(path: string, module: RouteModule) {
  const build: ServerBuild = {
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    future: {
      v8_passThroughRequests: false,
      v8_trailingSlashAwareDataRequests: false,
      v8_middleware: false,
    },
    assets: {
      entry: { module: "", imports: [] },
      routes: {},
      url: "",
      version: "test",
    },
    entry: {
      module: { default: () => new Response("No documents in this build.", { status: 501 }) },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      page: { id: "page", parentId: "root", path, module },
    },
  };
  const handle = createRequestHandler(build, "production");
  return (request: Request, context: AppLoadContext) => handle(request, context);
}
