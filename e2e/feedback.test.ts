import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { screenPaths } from "#domain/screen-paths.ts";
import { ADMIN_EMAILS } from "./support/admins.ts";
import { authForm, openAuth, setupForm, signUpByEmail, uniqueEmail } from "./support/auth.ts";
import {
  baseURL,
  type ColorScheme,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  chooserChoice,
  openAddChooser,
  PASSWORD,
  reviewForm,
  signUpViaApi,
  withPageExpectingErrors,
} from "./support/content.ts";
import { serverLogMark, waitForEmailLink } from "./support/server-log.ts";

/**
 * How the app talks back: toasts (one per message, at most three, clear of dialog titles and
 * the bottom navigation, gone with the screen they were about), fields in error, and what an
 * email confirmation link says when it lands.
 */

const browser = useBrowser();

const toasts = (page: Page) => page.getByRole("alert");
const toastWith = (page: Page, text: string) => toasts(page).filter({ hasText: text });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not visible");
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Signed up and on the feed, opens the Add chooser's `choice`: answers its dialog, `title`. */
async function openAddDialog(
  page: Page,
  choice: Parameters<typeof chooserChoice>[1],
  title: string,
): Promise<Locator> {
  await signUpViaApi(page, "toasty");
  await page.goto("/feed");
  await chooserChoice(await openAddChooser(page), choice).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  return dialog;
}

describe("toasts", () => {
  test("the same message shown again stays one toast; at most three show at once", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openAuth(page);
      const form = authForm(page);
      // Enter submits the form, as often as anyone presses it.
      for (let press = 0; press < 3; press++) await form.email.press("Enter");
      await toastWith(page, "Validation Error").first().waitFor();
      expect(await toastWith(page, "Validation Error").count()).toBe(1);

      // Four different messages: the first three show, the fourth waits its turn.
      await form.email.fill("ann@example.com");
      await form.email.press("Enter"); // password too short
      await form.password.fill("secret1");
      await form.password.press("Enter"); // passwords do not match
      await form.confirmPassword.fill("secret1x");
      await form.email.fill("not an email");
      await form.email.press("Enter"); // the email again
      await expect.poll(() => toasts(page).count()).toBe(3);
      await page.waitForTimeout(500);
      expect(await toasts(page).count()).toBe(3);
    });
  });

  for (const scheme of ["light", "dark"] as const satisfies ColorScheme[]) {
    test(`at 375 px a toast covers neither the dialog's title nor the bottom navigation (${scheme})`, async () => {
      await withPage(browser, { viewport: MOBILE, colorScheme: scheme }, async (page) => {
        const dialog = await openAddDialog(page, "Dish Review", "New Review - Dish");
        await reviewForm(dialog).submit.click();
        const toast = toastWith(page, "Validation Error");
        await toast.waitFor();
        const title = dialog.getByRole("heading", { name: "New Review - Dish" });
        expect(overlaps(await box(toast), await box(title))).toBe(false);
        const nav = page.getByRole("navigation", { name: "Main" }).last();
        expect(overlaps(await box(toast), await box(nav))).toBe(false);
        await screenshot(page, "toast-over-dialog", { fullPage: false });
        await expectNoAxeViolations(page);
      });
    });

    test(`at 375 px the New Deal's validation toast leaves the Restaurant field it is about free (${scheme})`, async () => {
      await withPage(browser, { viewport: MOBILE, colorScheme: scheme }, async (page) => {
        const dialog = await openAddDialog(page, "Deal", "New Deal");
        await dialog.getByRole("button", { name: "Share Deal" }).click();
        const toast = toastWith(page, "Validation Error");
        await toast.waitFor();
        // The first field in error, right under the dialog's title bar, has the focus.
        const restaurant = dialog.getByLabel("Restaurant");
        await expect
          .poll(() => restaurant.evaluate((field) => field === document.activeElement))
          .toBe(true);
        expect(await restaurant.getAttribute("aria-invalid")).toBe("true");
        const title = dialog.getByRole("heading", { name: "New Deal" });
        await expect
          .poll(async () => overlaps(await box(toast), await box(restaurant)))
          .toBe(false);
        expect(overlaps(await box(toast), await box(title))).toBe(false);
        const nav = page.getByRole("navigation", { name: "Main" }).last();
        expect(overlaps(await box(toast), await box(nav))).toBe(false);
        await screenshot(page, "new-deal-validation-toast", { fullPage: false });
      });
    });

    test(`at 1280 px a toast stays clear of the dialog's title (${scheme})`, async () => {
      await withPage(browser, { viewport: DESKTOP, colorScheme: scheme }, async (page) => {
        const dialog = await openAddDialog(page, "Post", "Create Post");
        await dialog.getByRole("button", { name: "Create Post" }).click();
        const toast = toastWith(page, "Validation Error");
        await toast.waitFor();
        const title = dialog.getByRole("heading", { name: "Create Post" });
        expect(overlaps(await box(toast), await box(title))).toBe(false);
        await screenshot(page, "toast-over-dialog", { fullPage: false });
      });
    });
  }

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    test("/setup: the validation toast leaves the form's fields and button free, and closes once the field is fixed", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        await signUpByEmail(page, { email: uniqueEmail("setup-toast"), password: PASSWORD });
        const form = setupForm(page);
        await form.submit.click();
        const toast = toastWith(page, "Validation Error");
        await toast.getByText("First name is required").waitFor();
        // The message is at the field too (and in the toast), and the field has the focus.
        expect(await page.getByText("First name is required").count()).toBe(2);
        await expect
          .poll(() => form.firstName.evaluate((field) => field === document.activeElement))
          .toBe(true);
        // On a phone one toast at a time: the newest message replaced the sign-up's.
        if (viewport.width < 768) expect(await toasts(page).count()).toBe(1);
        for (const control of [form.firstName, form.bio, form.submit]) {
          await control.scrollIntoViewIfNeeded();
          expect(overlaps(await box(toast), await box(control))).toBe(false);
        }
        await screenshot(page, "setup-validation-toast", { fullPage: false });
        await expectNoAxeViolations(page);

        // Asked again, then the field fixed: the toast goes at once, long before it would have
        // closed by itself.
        for (const close of await page.getByRole("button", { name: "Close notification" }).all()) {
          await close.click();
        }
        await expect.poll(() => toasts(page).count()).toBe(0);
        await form.submit.click();
        await toast.getByText("First name is required").waitFor();
        await expect
          .poll(() => form.firstName.evaluate((field) => field === document.activeElement))
          .toBe(true);
        await page.keyboard.type("Sam");
        await expect
          .poll(() => toastWith(page, "First name is required").count(), { timeout: 2000 })
          .toBe(0);
      });
    });

    test("the settings panel's Profile Updated leaves its switches, Save Changes and close button free", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        await signUpViaApi(page, "saver");
        await page.goto("/profile");
        await page.getByRole("button", { name: "Settings", exact: true }).click();
        const drawer = page.getByRole("dialog", { name: "Settings" });
        const save = drawer.getByRole("button", { name: "Save Changes" });
        await save.click();
        const toast = toastWith(page, "Profile Updated");
        await toast.waitFor();
        const switches = await drawer.getByRole("switch").all();
        expect(switches.length).toBeGreaterThan(0);
        for (const control of [save, drawer.locator(".mantine-Drawer-close"), ...switches]) {
          const found = await control.boundingBox();
          if (found) expect(overlaps(await box(toast), found)).toBe(false);
        }
        // Nothing covers the switches: a tap on one reaches it.
        const first = switches[0] as Locator;
        await first.scrollIntoViewIfNeeded();
        expect(overlaps(await box(toast), await box(first))).toBe(false);
        await screenshot(page, "settings-saved-toast", { fullPage: false });
      });
    });
  });

  test("a sign-up error goes with /auth; the sign-up's success follows to /setup", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await openAuth(page);
      const form = authForm(page);
      await form.createAccount.click();
      await toastWith(page, "Validation Error").waitFor();
      const email = uniqueEmail("toasted");
      await form.email.fill(email);
      await form.password.fill(PASSWORD);
      await form.confirmPassword.fill(PASSWORD);
      await form.createAccount.click();
      await waitForPath(page, "/setup");
      await toastWith(page, "Check your email to confirm your account").waitFor();
      // The error leaves with its screen (after its closing transition).
      await expect.poll(() => toastWith(page, "Validation Error").count()).toBe(0);
    });
  });
});

describe("fields in error", () => {
  for (const scheme of ["light", "dark"] as const satisfies ColorScheme[]) {
    test(`keep their placeholder muted, like any other field (${scheme})`, async () => {
      await withPage(browser, { viewport: MOBILE, colorScheme: scheme }, async (page) => {
        await signUpByEmail(page, { email: uniqueEmail("muted"), password: PASSWORD });
        const form = setupForm(page);
        await form.submit.click();
        await page.getByText("First name is required").first().waitFor();
        const placeholderColor = (locator: Locator) =>
          locator.evaluate((element) => getComputedStyle(element, "::placeholder").color);
        const textColor = (locator: Locator) =>
          locator.evaluate((element) => getComputedStyle(element).borderColor);
        expect(await form.firstName.getAttribute("aria-invalid")).toBe("true");
        expect(await form.bio.getAttribute("aria-invalid")).not.toBe("true");
        expect(await placeholderColor(form.firstName)).toBe(await placeholderColor(form.bio));
        // The field still shows it is in error.
        expect(await textColor(form.firstName)).not.toBe(await textColor(form.bio));
        await screenshot(page, "setup-errors");
      });
    });
  }
});

describe("email confirmation links", () => {
  test("a confirmed address is announced once, on the landing page", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const email = uniqueEmail("confirm");
      const mark = serverLogMark();
      await signUpByEmail(page, { email, password: PASSWORD });
      await page.goto(await waitForEmailLink(email, mark));
      await waitForPath(page, "/");
      await toastWith(page, "Email confirmed").waitFor();
      await toastWith(page, "Thanks! Your email address is confirmed.").waitFor();
      expect(new URL(page.url()).search).toBe("");
      await page.reload();
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForTimeout(500);
      expect(await toastWith(page, "Email confirmed").count()).toBe(0);
    });
  });

  test("confirming while signed in goes on to the feed", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      const { email } = await signUpViaApi(page, "confirmer");
      const mark = serverLogMark();
      const sent = await page.request.post("/api/auth/send-verification-email", {
        data: { email, callbackURL: screenPaths.emailConfirmed },
        headers: { origin: baseURL() },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      await page.goto(await waitForEmailLink(email, mark));
      await waitForPath(page, screenPaths.feed);
      await toastWith(page, "Email confirmed").waitFor();
    });
  });

  test("an ADMIN_EMAILS address is told it now has admin rights, and /admin opens", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const email = ADMIN_EMAILS.emailConfirmation;
      const mark = serverLogMark();
      await signUpByEmail(page, { email, password: PASSWORD });
      await page.goto(await waitForEmailLink(email, mark));
      await toastWith(page, "Your account now has admin rights.").waitFor();
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    });
  });

  test("a link that is not valid says so and sends a new one on request", async () => {
    await withPageExpectingErrors(browser, { viewport: MOBILE }, [], async (page) => {
      const email = uniqueEmail("tampered");
      const mark = serverLogMark();
      await signUpByEmail(page, { email, password: PASSWORD });
      const link = new URL(await waitForEmailLink(email, mark));
      link.searchParams.set("token", `${link.searchParams.get("token")}x`);
      await page.goto(link.toString());
      await toastWith(page, "This confirmation link is invalid or has expired.").waitFor();
      const resendMark = serverLogMark();
      await page.getByRole("button", { name: "Send a new link" }).click();
      await toastWith(page, "Check your email for a new confirmation link.").waitFor();
      const fresh = await waitForEmailLink(email, resendMark);
      await page.goto(fresh);
      await toastWith(page, "Email confirmed").waitFor();
    });
  });
});
