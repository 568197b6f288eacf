import { type AddressInfo, createServer, type Socket } from "node:net";
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

  it("does not hold the sign-up response while the mail server never answers", async () => {
    // A mail server that takes the connection and never greets: a sign-up that waited for its
    // email would not come back before nodemailer gave up (its greeting timeout, 30 s, longer
    // than this test may run). No clock is read, so a busy machine cannot fail it.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const { app } = await testApp.start(
        { smtpUrl: `smtp://127.0.0.1:${port}` },
        { emailSender: undefined },
      );
      const signedUp = await signUpByEmail(app);
      expect(signedUp.cookie).toBeTruthy();
      // The email was still tried: its connection is open and unanswered.
      await expect.poll(() => sockets.size, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
