// Starts the app on the prerendered landing page (dist/landing.html, see vite.config.ts) once
// that page has been painted, so on a slow connection its HTML, CSS and fonts get the bandwidth
// first: until then the page reads, its links work and its search box submits to /explore. A
// file of its own, not inline script (strict CSP). data-entry is the app's entry script,
// data-preload the modules it imports.
(() => {
  const boot = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of boot.dataset.preload.split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = boot.dataset.entry;
    document.head.append(script);
  };
  // The frame after the first one painted; a page opened in a background tab paints no frame
  // until shown, so a timer starts it anyway.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
})();
