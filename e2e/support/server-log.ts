import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { expect, inject } from "vitest";

/**
 * The server's output, line by line, in a file. global-setup.ts runs in another process than the
 * test files, so it writes every line the server child prints here (createServerLogFile) and the
 * tests read it back (serverLogLines, waitForSmsCode, waitForEmailLink). The console SMS and
 * email senders (server/auth/senders/*.ts) log at info level, one line per message:
 *   [sms:console] to +15551234567: Your Tasted code is 123456. It expires in 5 minutes.
 *   [email:console] to ann@example.com: Confirm your Tasted account | … http://…/verify-email?token=…
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** File that holds every line the e2e server printed so far (see server-log.ts). */
    serverLogPath: string;
  }
}

/** Global setup's side: an empty log file and a function that appends one line to it. */
export function createServerLogFile(file: string): (line: string) => void {
  writeFileSync(file, "");
  // Synchronous appends keep the lines in order and visible to readers at once.
  return (line) => appendFileSync(file, `${line}\n`);
}

/** pino's number for warn: lines at this level or above belong in the test output. */
const PINO_WARN = 40;

/**
 * Whether the server line is a warning or an error (or not one of pino's JSON lines, such as a
 * crash's stack trace): the lines worth showing beside the tests, unlike each request's info.
 */
export function isWarningOrWorse(line: string): boolean {
  if (!line.startsWith("{")) return true;
  try {
    const parsed = JSON.parse(line) as { level?: unknown };
    return typeof parsed.level !== "number" || parsed.level >= PINO_WARN;
  } catch {
    return true;
  }
}

/** pino writes JSON lines; the message is in `msg`. Anything else is kept as printed. */
function messageOf(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    const parsed = JSON.parse(line) as { msg?: unknown };
    return typeof parsed.msg === "string" ? parsed.msg : line;
  } catch {
    return line;
  }
}

/** Every message the server has logged so far, oldest first. */
function serverLogLines(): string[] {
  const text = readFileSync(inject("serverLogPath"), "utf8");
  return text
    .split("\n")
    .filter((line) => line.length > 0)
    .map(messageOf);
}

/**
 * A position in the log: pass it as `after` to wait only for lines logged later (e.g. the code of
 * a resend rather than the first one).
 */
export function serverLogMark(): number {
  return serverLogLines().length;
}

const WAIT_TIMEOUT_MS = 10_000;

/** Polls the log until some line logged after `after` gives a match; returns that match. */
async function waitForServerLog<T>(
  find: (line: string) => T | undefined,
  description: string,
  after = 0,
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      () => {
        const lines = serverLogLines().slice(after);
        for (let index = lines.length - 1; index >= 0; index--) {
          const match = find(lines[index] ?? "");
          if (match !== undefined) {
            found = match;
            return true;
          }
        }
        return false;
      },
      { timeout: WAIT_TIMEOUT_MS, interval: 100, message: `server log: ${description}` },
    )
    .toBe(true);
  return found as T;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The newest 6-digit code texted to `phone` (E.164, e.g. +15551234567) after `after`. */
export function waitForSmsCode(phone: string, after = 0): Promise<string> {
  const pattern = new RegExp(`^\\[sms:console\\] to ${escapeRegExp(phone)}: .*\\b(\\d{6})\\b`);
  return waitForServerLog(
    (line) => pattern.exec(line)?.[1],
    `an SMS code for ${phone} after line ${after}`,
    after,
  );
}

/** The first link of the newest email to `email` after `after`. */
export function waitForEmailLink(email: string, after = 0): Promise<string> {
  const pattern = new RegExp(`^\\[email:console\\] to ${escapeRegExp(email)}: .*?(https?://\\S+)`);
  return waitForServerLog(
    (line) => pattern.exec(line)?.[1],
    `an email link for ${email} after line ${after}`,
    after,
  );
}
