// Loaded at build time only (vite.config.ts, prerenderLanding), never by the browser.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers } from "./providers.tsx";
import { routes } from "./router.tsx";

/**
 * The landing page's markup exactly as the browser's first render makes it (main.tsx hydrates
 * it): the same providers and route table, nobody known yet, so the header shows neither
 * "Sign In" nor an avatar.
 */
export async function renderLandingPage(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`"/" answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        {/* No hydration data: "/" has no loader, and the page carries no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
