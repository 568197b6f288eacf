import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { baseURL, DESKTOP, useBrowser, withPage } from "./support/browser.ts";
import { seedPost, signUpViaApi } from "./support/content.ts";

/**
 * Text people write is shown as text, wherever it appears: markup in a post's title and text and
 * in a profile's bio never becomes elements or runs, on the feed, in explore's results, in the
 * detail dialog, on the profile page and in the head tags the server writes for link previews.
 */

const browser = useBrowser();

declare global {
  interface Window {
    tastedInjected?: number;
  }
}

/** Nothing the markup asked for happened: no script ran and no element was made from it. */
async function expectInert(page: Page, where: string) {
  expect(await page.evaluate(() => window.tastedInjected), where).toBeUndefined();
  expect(await page.locator('img[src="x"]').count(), where).toBe(0);
  const injected = await page.evaluate(() =>
    [...document.querySelectorAll("script")].some((script) =>
      script.textContent?.includes("tastedInjected"),
    ),
  );
  expect(injected, where).toBe(false);
}

test("markup in titles, texts and bios shows as text and never runs", async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    const token = randomBytes(4).toString("hex");
    const title = `<img src=x onerror="window.tastedInjected=1"> ${token}`;
    const content = `<script>window.tastedInjected=2</script> and <b>bold</b> ${token}`;
    const bio = `<svg onload="window.tastedInjected=3"></svg> ${token}`;
    const user = await signUpViaApi(page, "markup");
    const profile = await page.request.put(`${baseURL()}/api/profile`, {
      data: { firstName: user.firstName, lastName: user.lastName, username: user.username, bio },
      headers: { origin: baseURL() },
    });
    expect(profile.status()).toBe(200);
    await seedPost(page, { title, content });

    await page.goto(`${baseURL()}/feed`);
    await page.getByText(title, { exact: true }).first().waitFor();
    await expectInert(page, "feed");

    await page.getByText(title, { exact: true }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(content, { exact: true }).waitFor();
    await expectInert(page, "detail");

    await page.goto(`${baseURL()}/explore?q=${token}&tab=posts`);
    await page.getByText(title, { exact: true }).first().waitFor();
    await expectInert(page, "explore");

    // The profile page's head is written by the server for link previews; the bio is in it.
    await page.goto(`${baseURL()}/user/${user.username}`);
    await page.getByText(bio, { exact: true }).first().waitFor();
    await expectInert(page, "profile");
    const description = await page
      .locator('meta[property="og:description"]')
      .getAttribute("content");
    expect(description).toBe(bio);
  });
});
