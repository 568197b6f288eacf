import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ConsoleEmailSender } from "./email.ts";
import { CapturingSmsSender, ConsoleSmsSender, otpMessage, TwilioSmsSender } from "./sms.ts";

/** Keeps each message with its level: a code delivered this way is information, not a warning. */
function recordingLog() {
  const lines: string[] = [];
  const levels: string[] = [];
  const at = (level: string) => (message: string) => {
    levels.push(level);
    lines.push(message);
  };
  return { lines, levels, info: at("info"), warn: at("warn") };
}

describe("SMS senders", () => {
  it("console: logs the number and the code on one line", async () => {
    const log = recordingLog();
    await new ConsoleSmsSender(log).send("+12025550123", otpMessage("493817"));
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain("+12025550123");
    expect(log.lines[0]).toContain("493817");
    expect(log.lines[0]).not.toContain("\n");
    expect(log.levels).toEqual(["info"]);
  });

  it("twilio: posts the message to the Messages API with basic auth", async () => {
    const requests: Array<{ url: string; auth: string; type: string; body: string }> = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on("end", () => {
        requests.push({
          url: req.url ?? "",
          auth: req.headers.authorization ?? "",
          type: req.headers["content-type"] ?? "",
          body,
        });
        res.writeHead(body.includes("To=%2B19995550000") ? 400 : 201, {
          "content-type": "application/json",
        });
        res.end(JSON.stringify({ sid: "SM1", message: "The 'To' number is not valid." }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const sender = new TwilioSmsSender({
        accountSid: "AC123",
        authToken: "secret-token",
        fromNumber: "+15005550006",
        baseUrl: `http://127.0.0.1:${port}`,
      });
      await sender.send("+12025550123", "Your Tasted code is 123456");
      expect(requests[0]?.url).toBe("/2010-04-01/Accounts/AC123/Messages.json");
      expect(requests[0]?.auth).toBe(
        `Basic ${Buffer.from("AC123:secret-token").toString("base64")}`,
      );
      expect(requests[0]?.type).toContain("application/x-www-form-urlencoded");
      const form = new URLSearchParams(requests[0]?.body);
      expect(form.get("To")).toBe("+12025550123");
      expect(form.get("From")).toBe("+15005550006");
      expect(form.get("Body")).toBe("Your Tasted code is 123456");

      await expect(sender.send("+19995550000", "x")).rejects.toThrow(/Twilio refused.*400/);
    } finally {
      server.close();
    }
  });

  it("capturing: finds the newest code per number", async () => {
    const sender = new CapturingSmsSender();
    await sender.send("+12025550123", otpMessage("111111"));
    await sender.send("+12025550124", otpMessage("222222"));
    await sender.send("+12025550123", otpMessage("333333"));
    expect(sender.lastCodeFor("+12025550123")).toBe("333333");
    expect(sender.lastCodeFor("+12025550199")).toBeUndefined();
  });
});

describe("email senders", () => {
  it("console: logs the recipient, subject and link on one line", async () => {
    const log = recordingLog();
    await new ConsoleEmailSender(log).send({
      to: "ann@example.com",
      subject: "Confirm your Tasted account",
      text: "Hello\n\nConfirm: http://localhost:3000/api/auth/verify-email?token=abc\n",
    });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toContain("ann@example.com");
    expect(log.lines[0]).toContain("http://localhost:3000/api/auth/verify-email?token=abc");
    expect(log.levels).toEqual(["info"]);
  });
});
