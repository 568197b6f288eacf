import { describe, expect, test } from "vitest";
import {
  expectNoAxeViolations,
  LOOKS,
  type PageOptions,
  screenshot,
  useBrowser,
  waitForText,
  withPage,
} from "./support/browser.ts";
import {
  addButton,
  CHOOSER_TITLE,
  chooserChoice,
  seedDeal,
  signUpViaApi,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Deals in a real browser: one shared through the Add chooser's fourth choice by keyboard alone
 * and found on its restaurant's Deals tab, and the New Deal dialog and the Deals tab checked
 * with axe (and photographed locally) in every look.
 */

const browser = useBrowser();

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

describe("deals", () => {
  test("shares a weekly deal by keyboard and finds it on the restaurant's Deals tab", async () => {
    await withPage(browser, {}, async (page) => {
      await signUpViaApi(page, "dealer");
      await page.goto("/feed");
      await tabTo(page, addButton(page));
      await page.keyboard.press("Enter");
      const chooser = page.getByRole("dialog", { name: CHOOSER_TITLE });
      await tabTo(page, chooserChoice(chooser, "Deal"));
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "New Deal" });
      await dialog.waitFor();

      const place = unique("Corner Tap");
      const title = unique("Half-price oysters");
      await tabTo(page, dialog.getByRole("textbox", { name: "Restaurant" }));
      await page.keyboard.type(place);
      await tabTo(page, dialog.getByRole("textbox", { name: "What's the deal?" }));
      await page.keyboard.type(title);
      const weekly = dialog.getByRole("checkbox", { name: "Repeats weekly" });
      await tabTo(page, weekly);
      await page.keyboard.press("Space");
      expect(await weekly.isChecked()).toBe(true);
      // Without a day the deal is refused with the message.
      await tabTo(page, dialog.getByRole("button", { name: "Share Deal" }));
      await page.keyboard.press("Enter");
      await dialog.getByText("Pick at least one day", { exact: true }).waitFor();
      for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"]) {
        await tabTo(page, dialog.getByRole("checkbox", { name: day }));
        await page.keyboard.press("Space");
      }
      await tabTo(page, dialog.getByRole("button", { name: "Share Deal" }));
      await page.keyboard.press("Enter");

      await waitForText(page, "Deal shared!");
      const deals = page.getByRole("tab", { name: "Deals (1)" });
      await deals.waitFor();
      expect(await deals.getAttribute("aria-selected")).toBe("true");
      const card = page.getByRole("tabpanel").getByRole("article", { name: title });
      await card.waitFor();
      await card.getByText("Deal", { exact: true }).waitFor();
      await card.getByText("Mon–Fri 4–7 pm").waitFor();
      await page.getByRole("heading", { name: place, level: 2 }).waitFor();
    });
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    const options: PageOptions = { viewport, colorScheme };

    test("the New Deal dialog and a restaurant's Deals tab", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "dealLooks");
        const deal = await seedDeal(page, {
          title: "Two-for-one margaritas",
          restaurant: unique("Cantina"),
          details: "At the bar, with any main.",
        });
        await page.goto(`/restaurant/${deal.restaurant.id}?tab=deals`);
        await page.getByRole("article", { name: "Two-for-one margaritas" }).waitFor();
        await screenshot(page, "restaurant-deals");
        await expectNoAxeViolations(page);

        await addButton(page).click();
        await chooserChoice(page.getByRole("dialog", { name: CHOOSER_TITLE }), "Deal").click();
        const dialog = page.getByRole("dialog", { name: "New Deal" });
        await dialog.waitFor();
        await dialog.getByRole("checkbox", { name: "Repeats weekly" }).check();
        await dialog.getByText("Last day", { exact: true }).waitFor();
        await screenshot(page, "new-deal-dialog", { fullPage: false });
        await expectNoAxeViolations(page);
      });
    });
  });
});
