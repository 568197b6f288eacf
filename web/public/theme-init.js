// Runs before the app: applies the saved colour scheme so a dark-mode user never sees a white
// flash. The key and values match web/app/color-scheme.ts.
(() => {
  try {
    const saved = localStorage.getItem("tasted-color-scheme");
    const choice = saved === "dark" || saved === "auto" ? saved : "light";
    const dark =
      choice === "dark" ||
      (choice === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.setAttribute("data-mantine-color-scheme", dark ? "dark" : "light");
  } catch {
    // Storage can be blocked (private mode); the default light scheme applies.
  }
})();
