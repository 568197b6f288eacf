import type { Locator, Page } from "playwright-core";

/** What the focused element is called: its aria-label, else its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? "";
  });
}

/**
 * Presses Tab until `target` has the focus, as a keyboard user gets there: an element, or a
 * control by its name (aria-label, else text). Fails, saying where the focus went, when
 * `limit` presses do not reach it.
 */
export async function tabTo(page: Page, target: Locator | string, limit = 60): Promise<void> {
  const visited: string[] = [];
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const reached =
      typeof target === "string"
        ? (await focusedName(page)) === target
        : await target.evaluate((element) => element === document.activeElement);
    if (reached) return;
    visited.push(await focusedName(page));
  }
  throw new Error(`${String(target)} was not reached with Tab; focus went: ${visited.join(" → ")}`);
}
