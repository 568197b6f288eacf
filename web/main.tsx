import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={createBrowserRouter(routes)} />
    </Providers>
  </StrictMode>
);

// "/" arrives with the landing page already drawn (web/app/prerender.tsx): the app takes over
// that markup instead of drawing it again. Either way the first render is a transition, so
// React yields to the browser every few milliseconds instead of holding the main thread.
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
