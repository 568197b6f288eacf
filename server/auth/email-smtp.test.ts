import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "#server/auth/senders/email.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail, uniqueEmail } from "#server/test/auth-helpers.ts";
import { request } from "#server/test/request.ts";
import {
  decodeQuotedPrintable,
  startTestSmtpServer,
  type TestSmtpServer,
} from "#server/test/smtp.ts";

const testApp = useTestApp();

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});

afterAll(async () => {
  await smtp.close();
});

describe("emails over SMTP", () => {
  it("delivers the sign-up confirmation to a real SMTP server; its link verifies the address", async () => {
    // No emailSender dependency: the app builds its nodemailer sender from SMTP_URL.
    const { app } = await testApp.start(
      { smtpUrl: smtp.url, emailFrom: "Tasted <hello@tasted.test>" },
      { emailSender: undefined },
    );
    const address = uniqueEmail("smtp");
    const signedUp = await signUpByEmail(app, { email: address });
    const mail = await smtp.waitFor(address);
    expect(mail.from).toBe("hello@tasted.test");
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Confirm your Tasted account$/m);
    const link = firstLink(text.slice(text.indexOf("Confirm your email address")));
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);

    const url = new URL(link ?? "");
    const verified = await request(app, "GET", `${url.pathname}${url.search}`);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe("/");
    expect(
      (await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).json().user.emailVerified,
    ).toBe(true);
  });

  it("does not hold the sign-up response while the mail server is unreachable", async () => {
    const { app } = await testApp.start(
      { smtpUrl: "smtp://127.0.0.1:1" },
      { emailSender: undefined },
    );
    const started = Date.now();
    await signUpByEmail(app);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
