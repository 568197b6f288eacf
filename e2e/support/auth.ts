import type { Locator, Page } from "playwright-core";
import { waitForPath, waitForText } from "./browser.ts";
import { serverLogMark, waitForSmsCode } from "./server-log.ts";

/**
 * Ways into the app for browser tests, through the real /auth and /setup screens: email sign-up
 * and sign-in, phone sign-in with the code read from the server's log (console SMS sender), the
 * profile setup and sign-out. Reusable by every suite that needs a signed-in user.
 */

/** A run-unique suffix: the server's database lives for the whole e2e run. */
let sequence = 0;
function nextSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
}

export function uniqueEmail(label = "user"): string {
  return `${label}-${nextSuffix()}@example.com`;
}

/** A lower-case username of letters, digits and underscores, at most 30 characters. */
export function uniqueUsername(label = "user"): string {
  return `${label}_${nextSuffix()}`.toLowerCase().slice(0, 30);
}

let phoneSequence = 0;
/**
 * A fresh US number in the 555 range as the server stores it (E.164, "+1555" + 7 digits). The
 * digits mix the clock, the process and a counter so runs and test files do not collide.
 */
export function uniquePhone(): string {
  phoneSequence += 1;
  const seed = (Date.now() * 7 + process.pid * 13 + phoneSequence * 7919) % 10_000_000;
  return `+1555${String(seed).padStart(7, "0")}`;
}

/** The digits a person types for a +1 number (the form puts the country code in front). */
export function nationalDigits(phone: string): string {
  return phone.replace(/^\+1/, "");
}

export interface EmailCredentials {
  email: string;
  password: string;
}

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  username: string;
  bio?: string;
}

/** /auth's controls, by their accessible names. */
export const authForm = (page: Page) => ({
  emailTab: page.getByRole("tab", { name: "Email" }),
  phoneTab: page.getByRole("tab", { name: "Phone" }),
  /** The Sign Up / Sign In switch of the visible tab (a segmented control of radios). */
  mode: (name: "Sign Up" | "Sign In"): Locator =>
    page.locator("label").filter({ hasText: new RegExp(`^${name}$`) }),
  email: page.getByRole("textbox", { name: "Email", exact: true }),
  password: page.getByRole("textbox", { name: "Password", exact: true }),
  confirmPassword: page.getByRole("textbox", { name: "Confirm password", exact: true }),
  createAccount: page.getByRole("button", { name: "Create account", exact: true }),
  signIn: page.getByRole("button", { name: "Sign in", exact: true }),
  country: page.getByRole("combobox", { name: "Country", exact: true }),
  phone: page.getByRole("textbox", { name: "Phone number", exact: true }),
  sendCode: page.getByRole("button", { name: "Send code", exact: true }),
  codeDigit: (index: number): Locator =>
    page.getByLabel(`Verification code, digit ${index} of 6`, { exact: true }),
  verify: page.getByRole("button", { name: "Verify", exact: true }),
  resend: page.getByRole("button", { name: "Resend", exact: true }),
  google: page.getByRole("button", { name: "Sign in with Google", exact: true }),
});

/** /setup's controls. */
export const setupForm = (page: Page) => ({
  heading: page.getByText("Complete Your Profile", { exact: true }),
  avatarFile: page.locator('input[type="file"]'),
  firstName: page.getByRole("textbox", { name: "First name", exact: true }),
  lastName: page.getByRole("textbox", { name: "Last name", exact: true }),
  username: page.getByRole("textbox", { name: "Username", exact: true }),
  bio: page.getByRole("textbox", { name: "Bio", exact: true }),
  submit: page.getByRole("button", { name: "Complete profile", exact: true }),
});

/** Opens /auth and waits for the card (the Google button is its first control). */
export async function openAuth(page: Page): Promise<void> {
  await page.goto("/auth");
  await authForm(page).google.waitFor();
}

/** Switches the visible tab to Sign Up or Sign In and waits for its submit button. */
export async function chooseMode(page: Page, mode: "Sign Up" | "Sign In"): Promise<void> {
  await authForm(page).mode(mode).click();
}

/**
 * Email sign-up on /auth (the default tab and mode) through to /setup, where the new account
 * lands with the "Success!" toast.
 */
export async function signUpByEmail(page: Page, { email, password }: EmailCredentials) {
  const form = authForm(page);
  await openAuth(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.confirmPassword.fill(password);
  await form.createAccount.click();
  await waitForPath(page, "/setup");
  await setupForm(page).heading.waitFor();
}

/** Email sign-in on /auth; waits for the "You have been signed in" toast and leaves /auth. */
export async function signInByEmail(page: Page, { email, password }: EmailCredentials) {
  const form = authForm(page);
  await openAuth(page);
  await chooseMode(page, "Sign In");
  await form.email.fill(email);
  await form.password.fill(password);
  await form.signIn.click();
  await waitForText(page, "You have been signed in");
  await page.waitForURL((url) => url.pathname !== "/auth");
}

/**
 * Fills /setup and submits it; waits for "Profile created!" and /feed. The username must be
 * free: the form's live check has to say so before the save.
 */
export async function completeSetup(page: Page, profile: ProfileDetails): Promise<void> {
  const form = setupForm(page);
  await form.heading.waitFor();
  await form.firstName.fill(profile.firstName);
  await form.lastName.fill(profile.lastName);
  await form.username.fill(profile.username);
  if (profile.bio !== undefined) await form.bio.fill(profile.bio);
  await waitForText(page, "Username is available");
  await form.submit.click();
  await waitForText(page, "Profile created!");
  await waitForPath(page, "/feed");
}

/** Types the six digits into the code boxes, starting at the first. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await authForm(page).codeDigit(1).click();
  await page.keyboard.type(code);
}

/**
 * Phone tab on /auth: type the national digits, "Send code", wait for the code step, read the
 * code the console SMS sender logged for this number and verify it. Resolves with where the app
 * went: /setup for a new number (or an unfinished profile), else /feed.
 */
export async function signInByPhone(page: Page, phone: string): Promise<"/setup" | "/feed"> {
  const form = authForm(page);
  await openAuth(page);
  await form.phoneTab.click();
  const mark = serverLogMark();
  await form.phone.fill(nationalDigits(phone));
  await form.sendCode.click();
  await form.codeDigit(1).waitFor();
  const code = await waitForSmsCode(phone, mark);
  await enterCode(page, code);
  await form.verify.click();
  await page.waitForURL((url) => url.pathname === "/setup" || url.pathname === "/feed");
  return new URL(page.url()).pathname as "/setup" | "/feed";
}

/**
 * Sign out through the desktop top bar's account menu (needs a desktop-width page on an app
 * screen such as /feed): "Logged Out" toast, then the landing page.
 */
export async function signOutFromUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await waitForText(page, "You have been successfully logged out.");
  await waitForPath(page, "/");
}
