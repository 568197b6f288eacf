import { describe, expect, it } from "vitest";
import {
  fullName,
  isReservedUsername,
  needsProfileSetup,
  profileSetupInput,
  usernameInput,
} from "./profile.ts";
import { profileMessages } from "./profile-rules.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const valid = { firstName: "Ann", lastName: "Lee", username: "ann_lee" };

describe("usernameInput", () => {
  it("trims and lower-cases", () => {
    expect(usernameInput.parse("  Ann_Lee99 ")).toBe("ann_lee99");
  });

  it("uses the messages users see", () => {
    expect(firstMessage(usernameInput.safeParse("ab"))).toBe(
      "Username must be at least 3 characters",
    );
    expect(firstMessage(usernameInput.safeParse("a".repeat(31)))).toBe(
      "Username must be less than 30 characters",
    );
    expect(firstMessage(usernameInput.safeParse("ann-lee"))).toBe(
      "Username can only contain letters, numbers, and underscores",
    );
    expect(firstMessage(usernameInput.safeParse("ann lee"))).toBe(
      "Username can only contain letters, numbers, and underscores",
    );
    expect(firstMessage(usernameInput.safeParse(undefined))).toBe(
      "Username must be at least 3 characters",
    );
    expect(usernameInput.safeParse("a".repeat(30)).success).toBe(true);
    expect(usernameInput.safeParse("abc").success).toBe(true);
  });
});

describe("profileSetupInput", () => {
  it("accepts a minimal profile and turns empty optionals into null", () => {
    expect(
      profileSetupInput.parse({ ...valid, bio: "  ", avatarUrl: "", location: undefined }),
    ).toEqual({
      ...valid,
      bio: null,
      avatarUrl: null,
      location: null,
    });
  });

  it("uses the messages users see", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: "" }, "First name is required"],
      [{ firstName: "a".repeat(51) }, "First name is too long"],
      [{ lastName: " " }, "Last name is required"],
      [{ lastName: "a".repeat(51) }, "Last name is too long"],
      [{ username: "x" }, "Username must be at least 3 characters"],
      [{ bio: "a".repeat(501) }, "Bio must be less than 500 characters"],
    ];
    for (const [change, message] of cases) {
      expect(firstMessage(profileSetupInput.safeParse({ ...valid, ...change }))).toBe(message);
    }
    expect(profileSetupInput.safeParse({ ...valid, bio: "a".repeat(500) }).success).toBe(true);
    expect(profileSetupInput.safeParse({ ...valid, firstName: "a".repeat(50) }).success).toBe(true);
  });

  it("refuses names hiding invisible or text-direction characters, keeps every script", () => {
    const hidden = [
      "Ann\u202Eeil",
      "\u200BAnn",
      "An\u200Dn",
      "Ann\u2066",
      "An\uFEFFn",
      "An\u00ADn",
    ];
    for (const name of hidden) {
      expect(firstMessage(profileSetupInput.safeParse({ ...valid, firstName: name }))).toBe(
        profileMessages.nameHiddenCharacters,
      );
      expect(firstMessage(profileSetupInput.safeParse({ ...valid, lastName: name }))).toBe(
        profileMessages.nameHiddenCharacters,
      );
    }
    for (const name of ["Zoë", "José María", "李", "محمد", "Ngọc", "O'Brien-Smith"]) {
      expect(profileSetupInput.safeParse({ ...valid, firstName: name }).success, name).toBe(true);
    }
  });

  it("refuses a NUL byte in any text field", () => {
    for (const field of ["firstName", "lastName", "bio", "location"]) {
      const parsed = profileSetupInput.safeParse({ ...valid, [field]: "Ann\u0000" });
      expect(parsed.success, field).toBe(false);
    }
  });
});

describe("isReservedUsername", () => {
  it("reserves the names that pass for the service or its staff, in any case", () => {
    for (const name of ["admin", "Support", "moderator", "tasted", "tasted_team", "TastedHQ"]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    for (const name of ["ann_lee", "admins_cat", "supporter", "untasted"]) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });
});

describe("helpers", () => {
  it("joins first and last name with a space", () => {
    expect(fullName(" Ann ", "Lee ")).toBe("Ann Lee");
  });

  it("sends users to /setup while the name is empty or the username temporary", () => {
    expect(needsProfileSetup({ fullName: null, username: "ann_lee" })).toBe(true);
    expect(needsProfileSetup({ fullName: "  ", username: "ann_lee" })).toBe(true);
    expect(needsProfileSetup({ fullName: "Ann Lee", username: "user_k3x9a0b1c2d3" })).toBe(true);
    expect(needsProfileSetup({ fullName: "Ann Lee", username: "ann_lee" })).toBe(false);
  });
});
