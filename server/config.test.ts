import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_AUTH_RATE_LIMITS, loadConfig } from "./config.ts";

const base = { NODE_ENV: "test", DATA_DIR: "/tmp/tasted-config-test" } as const;

describe("auth configuration", () => {
  it("defaults to console senders, no Google and the strict limits", async () => {
    const config = await loadConfig({ ...base });
    expect(config.sms).toEqual({ provider: "console" });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.adminEmails).toEqual([]);
    expect(config.authRateLimits).toEqual(DEFAULT_AUTH_RATE_LIMITS);
    expect(config.session.idleTimeout).toBe(7 * 24 * 60 * 60);
    expect(config.session.absoluteLifetime).toBe(30 * 24 * 60 * 60);
  });

  it("reads Twilio, SMTP, Google and a lower-cased ADMIN_EMAILS list", async () => {
    const config = await loadConfig({
      ...base,
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM_NUMBER: "+15005550006",
      SMTP_URL: "smtp://mail.example:587",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com ",
    });
    expect(config.sms).toEqual({
      provider: "twilio",
      accountSid: "AC1",
      authToken: "token",
      fromNumber: "+15005550006",
    });
    expect(config.smtpUrl).toBe("smtp://mail.example:587");
    expect(config.google).toEqual({ clientId: "id", clientSecret: "secret" });
    expect(config.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
  });

  it("refuses incomplete or test-only settings", async () => {
    await expect(loadConfig({ ...base, SMS_PROVIDER: "twilio" })).rejects.toThrow(ConfigError);
    await expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: "id" })).rejects.toThrow(ConfigError);
    await expect(loadConfig({ ...base, SMTP_URL: "http://x" })).rejects.toThrow(ConfigError);
    const production = { ...base, NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) };
    await expect(
      loadConfig({ ...production, GOOGLE_DISCOVERY_URL: "http://127.0.0.1:1/.well-known/x" }),
    ).rejects.toThrow(/tests only/);
    await expect(loadConfig({ ...production, AUTH_RATE_LIMITS: "relaxed" })).rejects.toThrow(
      /tests only/,
    );
    await expect(loadConfig({ ...production, PUSH_LOCAL_SERVICE: "true" })).rejects.toThrow(
      /tests only/,
    );
  });

  it("reads the secrets AUTH_SECRET replaced, newest first, and refuses short ones", async () => {
    const older = "o".repeat(32);
    const newer = "n".repeat(40);
    const config = await loadConfig({ ...base, AUTH_PREVIOUS_SECRETS: ` ${newer}, ,${older} ` });
    expect(config.authPreviousSecrets).toEqual([newer, older]);
    expect((await loadConfig({ ...base })).authPreviousSecrets).toEqual([]);
    await expect(loadConfig({ ...base, AUTH_PREVIOUS_SECRETS: `${newer},short` })).rejects.toThrow(
      /at least 32 characters/,
    );
  });

  it("relaxes the auth limits a hundredfold for browser suites", async () => {
    const config = await loadConfig({ ...base, AUTH_RATE_LIMITS: "relaxed" });
    expect(config.authRateLimits.signIn.max).toBe(DEFAULT_AUTH_RATE_LIMITS.signIn.max * 100);
    expect(config.authRateLimits.signIn.window).toBe(DEFAULT_AUTH_RATE_LIMITS.signIn.window);
  });
});

describe("web push (VAPID) configuration", () => {
  it("generates a key pair once and keeps it in DATA_DIR; given keys and subject win", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-vapid-"));
    try {
      const first = await loadConfig({ ...base, DATA_DIR: dataDir });
      expect(Buffer.from(first.vapid?.publicKey ?? "", "base64url")).toHaveLength(65);
      expect(first.vapid?.subject).toBe("mailto:no-reply@localhost");
      expect((await loadConfig({ ...base, DATA_DIR: dataDir })).vapid).toEqual(first.vapid);
      const given = await loadConfig({
        ...base,
        DATA_DIR: dataDir,
        VAPID_PUBLIC_KEY: "public",
        VAPID_PRIVATE_KEY: "private",
        VAPID_SUBJECT: "mailto:ops@example.com",
      });
      expect(given.vapid).toEqual({
        publicKey: "public",
        privateKey: "private",
        subject: "mailto:ops@example.com",
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses half a key pair or a subject push services cannot use; production without keys has no push", async () => {
    await expect(loadConfig({ ...base, VAPID_PUBLIC_KEY: "public" })).rejects.toThrow(ConfigError);
    await expect(loadConfig({ ...base, VAPID_SUBJECT: "http://example.com" })).rejects.toThrow(
      ConfigError,
    );
    const production = await loadConfig({
      ...base,
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      PUBLIC_URL: "https://tasted.example",
    });
    expect(production.vapid).toBeUndefined();
  });
});

describe("place search configuration", () => {
  it("local by default, google with a key, osm on PLACES_PROVIDER with its User-Agent", async () => {
    expect((await loadConfig({ ...base })).places).toEqual({ provider: "local" });
    expect((await loadConfig({ ...base, GOOGLE_MAPS_API_KEY: "k" })).places.provider).toBe(
      "google",
    );
    const osm = await loadConfig({
      ...base,
      PLACES_PROVIDER: "osm",
      PHOTON_URL: "https://photon.example/",
      PUBLIC_URL: "https://tasted.example",
    });
    expect(osm.places).toMatchObject({
      provider: "osm",
      baseUrl: "https://photon.example",
      userAgent: "Tasted (+https://tasted.example)",
    });
    // The key alone does not win over a chosen provider.
    const chosen = await loadConfig({
      ...base,
      PLACES_PROVIDER: "local",
      GOOGLE_MAPS_API_KEY: "k",
    });
    expect(chosen.places).toEqual({ provider: "local" });
    await expect(loadConfig({ ...base, PLACES_PROVIDER: "google" })).rejects.toThrow(
      "GOOGLE_MAPS_API_KEY",
    );
    await expect(loadConfig({ ...base, PLACES_PROVIDER: "bing" })).rejects.toThrow();
  });
});
