import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  COLOR_SCHEME_STORAGE_KEY,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  renderedColorScheme,
  screenshot,
  useBrowser,
  waitForPath,
  waitForText,
  withPage,
} from "./support/browser.ts";
import {
  makePhoto,
  type SeededUser,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";

/**
 * The own profile's settings panel in a real browser: theme and profile view remembered across
 * reloads, the profile form (names, lowercase username with its live check, the 150-character
 * bio counter, location, a photo applied on save), the switches that are not available yet,
 * Security and Log Out; the main actions by keyboard, and axe plus screenshots of the open panel
 * at 375 and 1280 px in light and dark.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("settings");

const MESSAGES = {
  saved: "Your profile has been successfully updated!",
  avatarUploaded: "Your avatar has been uploaded. Click 'Save Changes' to apply.",
  usernameTaken: "Username is already taken",
  loggedOut: "You have been successfully logged out.",
  privateHint: "Only approved followers can see your posts",
};

/** Opens /profile and the settings panel from its Settings button, by keyboard. */
async function openSettings(page: Page): Promise<Locator> {
  await page.goto("/profile");
  const button = page.getByRole("button", { name: "Settings", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Settings" });
  await drawer.getByRole("button", { name: "Save Changes" }).waitFor();
  return drawer;
}

function settingsForm(drawer: Locator) {
  return {
    theme: (name: "Light" | "Dark" | "System") => drawer.getByRole("radio", { name, exact: true }),
    view: (name: "Grid View" | "List View") => drawer.getByRole("radio", { name, exact: true }),
    firstName: drawer.getByRole("textbox", { name: "First name" }),
    lastName: drawer.getByRole("textbox", { name: "Last name" }),
    username: drawer.getByRole("textbox", { name: "Username" }),
    bio: drawer.getByRole("textbox", { name: "Bio" }),
    location: drawer.getByRole("textbox", { name: "Location" }),
    photo: drawer.locator('input[type="file"]'),
    save: drawer.getByRole("button", { name: "Save Changes" }),
  };
}

/** The own profile's header (above the tabs). */
function profileHeading(page: Page, name: string): Locator {
  return page.getByRole("heading", { name, exact: true, level: 2 });
}

describe("settings panel", () => {
  let other: SeededUser;

  beforeAll(async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      other = await signUpViaApi(page, "taken");
    });
  });

  test("theme and profile view are remembered; the form saves by keyboard and the header follows", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "settler");
      let drawer = await openSettings(page);
      let form = settingsForm(drawer);
      // On phones the panel takes the whole width.
      const box = await drawer.boundingBox();
      expect(box?.width).toBe(MOBILE.width);

      expect(await form.theme("Light").isChecked()).toBe(true);
      await form.theme("Light").focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => renderedColorScheme(page)).toBe("dark");
      expect(await form.theme("Dark").isChecked()).toBe(true);
      expect(
        await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_STORAGE_KEY),
      ).toBe("dark");

      expect(await form.view("Grid View").isChecked()).toBe(true);
      await form.view("Grid View").focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => form.view("List View").isChecked()).toBe(true);

      await page.reload();
      expect(await renderedColorScheme(page)).toBe("dark");
      drawer = await openSettings(page);
      form = settingsForm(drawer);
      expect(await form.theme("Dark").isChecked()).toBe(true);
      expect(await form.view("List View").isChecked()).toBe(true);

      // Name, bio, location; Enter in a field submits the form.
      await form.firstName.fill("Robin");
      await form.lastName.fill("Saveur");
      await form.location.fill("Portland, OR");
      expect(await form.location.getAttribute("placeholder")).toBe("City, State");
      await form.bio.fill("Noodles, night markets and a good espresso.");
      await drawer.getByText("43/150 characters", { exact: true }).waitFor();
      await form.location.focus();
      await page.keyboard.press("Enter");
      await toastWith(page, MESSAGES.saved).getByText("Profile Updated", { exact: true }).waitFor();

      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });
      await profileHeading(page, "Robin Saveur").waitFor();
      await page
        .getByText("Noodles, night markets and a good espresso.", { exact: true })
        .waitFor();
      await page.getByText("Portland, OR").waitFor();
      // The button that opened the panel has the focus back.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "Settings",
      );
    });
  });

  test("bio stops at 150, usernames are lower case and checked live, a photo applies on save", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const me = await signUpViaApi(page, "editor");
      const drawer = await openSettings(page);
      const form = settingsForm(drawer);
      expect(await form.username.inputValue()).toBe(me.username);

      await form.bio.fill("");
      await form.bio.focus();
      await page.keyboard.type("x".repeat(160));
      expect((await form.bio.inputValue()).length).toBe(150);
      await drawer.getByText("150/150 characters", { exact: true }).waitFor();

      // Someone else's name, typed in capitals: shown lower case, then refused.
      await form.username.fill("");
      await form.username.focus();
      await page.keyboard.type(other.username.toUpperCase());
      expect(await form.username.inputValue()).toBe(other.username);
      await drawer.getByText(MESSAGES.usernameTaken, { exact: true }).first().waitFor();
      await form.save.click();
      await toastWith(page, MESSAGES.usernameTaken).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-invalid")))
        .toBe("true");
      // Nothing was saved.
      await page.keyboard.press("Escape");
      await page.getByText(`@${me.username}`, { exact: true }).waitFor();

      const again = await openSettings(page);
      const retry = settingsForm(again);
      const photo = await makePhoto(fixtures.path(), { width: 400, height: 400 });
      await retry.photo.setInputFiles(photo);
      await toastWith(page, MESSAGES.avatarUploaded)
        .getByText("Avatar Uploaded", { exact: true })
        .waitFor();
      // Uploaded, not applied: the header still shows the initials.
      const headerPicture = page.locator("main img").first();
      expect(await headerPicture.count()).toBe(0);
      await retry.save.click();
      await toastWith(page, MESSAGES.saved).waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => headerPicture.getAttribute("src")).toMatch(/^\/uploads\//);
    });
  });

  test("Private Profile starts off, nothing is Coming Soon; Security and Log Out work by keyboard", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "leaver");
      const drawer = await openSettings(page);
      // Switching it on is e2e/private-profiles.test.ts's.
      const privateProfile = drawer.getByRole("switch", { name: /^Private Profile/ });
      expect(await privateProfile.isDisabled()).toBe(false);
      expect(await privateProfile.isChecked()).toBe(false);
      await drawer.getByText(MESSAGES.privateHint, { exact: true }).waitFor();
      expect(await drawer.getByText("Coming Soon", { exact: true }).count()).toBe(0);
      expect(await drawer.getByRole("link", { name: "Security" }).getAttribute("href")).toBe(
        "/settings/security",
      );

      // On a slow phone: a CPU six times slower once let the sign-out answer arrive before the
      // landing page had rendered, and the profile's guard then sent the person to /auth.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
      const logOut = drawer.getByRole("button", { name: "Log Out" });
      await logOut.focus();
      await page.keyboard.press("Enter");
      await waitForText(page, MESSAGES.loggedOut);
      await toastWith(page, MESSAGES.loggedOut).getByText("Logged Out", { exact: true }).waitFor();
      await waitForPath(page, "/");
    });
  });
});

describe("accessibility and screenshots", () => {
  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    test("the open settings panel", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        await signUpViaApi(page, "looker");
        const drawer = await openSettings(page);
        await settingsForm(drawer).username.waitFor();
        // Their current name is theirs, not "available".
        await drawer.getByText("This is your username").first().waitFor();
        expect(await drawer.getByText("Username is available").count()).toBe(0);
        await screenshot(page, "settings", { fullPage: false });
        await expectNoAxeViolations(page);
        await drawer.getByRole("button", { name: "Log Out" }).scrollIntoViewIfNeeded();
        await screenshot(page, "settings-end", { fullPage: false });
      });
    });
  });
});
