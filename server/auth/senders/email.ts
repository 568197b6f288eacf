import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { AppConfig } from "#server/config.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one email. Implementations throw when the message was not accepted. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/**
 * The default without SMTP_URL: logs the message with its text (links included) on one line, at
 * info level like the console SMS sender (information, not a warning).
 */
export class ConsoleEmailSender implements EmailSender {
  constructor(private readonly log: Pick<FastifyBaseLogger, "info">) {}

  async send(message: EmailMessage): Promise<void> {
    const text = message.text.replace(/\s+/g, " ").trim();
    this.log.info(`[email:console] to ${message.to}: ${message.subject} | ${text}`);
  }
}

/**
 * nodemailer over SMTP_URL (smtp://user:pass@host:port or smtps://…). nodemailer (about 10 MB
 * resident) loads with the first message, not at start-up.
 */
class SmtpEmailSender implements EmailSender {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.smtpUrl),
    );
    await (await this.transport).sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}

/** Tests: keeps every message in memory. */
export class CapturingEmailSender implements EmailSender {
  readonly messages: EmailMessage[] = [];

  async send(message: EmailMessage): Promise<void> {
    this.messages.push(message);
  }

  lastTo(email: string): EmailMessage | undefined {
    return this.messages.filter((message) => message.to === email).at(-1);
  }

  /** The first http(s) link in the newest message to `email`. */
  lastLinkTo(email: string): string | undefined {
    const message = this.lastTo(email);
    return message ? firstLink(message.text) : undefined;
  }
}

export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
}

export function createEmailSender(config: AppConfig, log: FastifyBaseLogger): EmailSender {
  if (config.smtpUrl) return new SmtpEmailSender(config.smtpUrl, config.emailFrom);
  return new ConsoleEmailSender(log);
}
