import { describe, expect, it } from "vitest";
import { useTestApp } from "./app.ts";
import { signUpWithProfile } from "./auth-helpers.ts";

const testApp = useTestApp();

describe("useTestApp: a test that timed out", () => {
  // The timed-out test runs on in the background until it has tried to start its app and sign
  // "alice" up, whatever happened to it; the next test waits for that.
  let backgroundDone: Promise<void> = Promise.resolve();

  it.fails("times out while its app starts (expected to fail)", { timeout: 10 }, () => {
    backgroundDone = (async () => {
      const { app } = await testApp.start();
      await signUpWithProfile(app, { username: "alice" });
    })().catch(() => undefined);
    return backgroundDone;
  });

  it("leaves no rows and no app behind for the next test", async () => {
    const { app } = await testApp.start();
    await backgroundDone;
    // Had the timed-out test emptied the database and signed "alice" up, this would be 409
    // USERNAME_TAKEN (or a closed app).
    const alice = await signUpWithProfile(app, { username: "alice" });
    expect(alice.userId).toBeTruthy();
  });
});
