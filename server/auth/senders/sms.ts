import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "#server/config.ts";

/** Sends one text message. Implementations throw when the message was not accepted. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/**
 * The default without an SMS provider: the message is logged on one line (number and code
 * together) so a person can sign in by phone on a laptop. Logged at info level: delivering a
 * code this way is the embedded mode working as meant, not something going wrong.
 */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly log: Pick<FastifyBaseLogger, "info">) {}

  async send(to: string, body: string): Promise<void> {
    this.log.info(`[sms:console] to ${to}: ${body.replace(/\s+/g, " ")}`);
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Overridable so tests can point it at a local server. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** Twilio's Messages API: https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource */
export class TwilioSmsSender implements SmsSender {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: TwilioOptions) {
    this.baseUrl = (options.baseUrl ?? "https://api.twilio.com").replace(/\/$/, "");
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async send(to: string, body: string): Promise<void> {
    const { accountSid, authToken, fromNumber } = this.options;
    const url = `${this.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const response = await this.fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams({ To: to, From: fromNumber, Body: body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      // Twilio answers errors as JSON { code, message, more_info, status }.
      const detail = await response.text().catch(() => "");
      throw new Error(`Twilio refused the message (${response.status}): ${detail.slice(0, 300)}`);
    }
  }
}

export interface CapturedSms {
  to: string;
  body: string;
  at: Date;
}

/** Tests: keeps every message in memory. */
export class CapturingSmsSender implements SmsSender {
  readonly messages: CapturedSms[] = [];

  async send(to: string, body: string): Promise<void> {
    this.messages.push({ to, body, at: new Date() });
  }

  /** The 6-digit code of the newest message to `phone`, if any. */
  lastCodeFor(phone: string): string | undefined {
    for (let index = this.messages.length - 1; index >= 0; index--) {
      const message = this.messages[index];
      if (message?.to === phone) return /\b(\d{6})\b/.exec(message.body)?.[1];
    }
    return undefined;
  }

  messagesTo(phone: string): CapturedSms[] {
    return this.messages.filter((message) => message.to === phone);
  }
}

export function createSmsSender(config: AppConfig, log: FastifyBaseLogger): SmsSender {
  if (config.sms.provider === "twilio") return new TwilioSmsSender(config.sms);
  return new ConsoleSmsSender(log);
}

export function otpMessage(code: string): string {
  return `Your Tasted code is ${code}. It expires in 5 minutes.`;
}
