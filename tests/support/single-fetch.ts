import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";

type RouteModule = ServerBuild["routes"][string]["module"];

/**
 * Remix's own request handler over a build of one page route under an empty root, so a test can
 * read what a browser with JavaScript receives from the page (`/path.data`, single fetch): the
 * turbo-stream text, its status and headers. Documents are not rendered here.
 */
export function singleFetchHandler(path: string, module: RouteModule) {
  const build: ServerBuild = {
    mode: "production",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    isSpaMode: false,
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
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
  const handle = createRequestHandler(build);
  return (request: Request, context: AppLoadContext) => handle(request, context);
}
