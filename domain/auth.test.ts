import { describe, expect, it } from "vitest";
import {
  emailSignInInput,
  emailSignUpInput,
  isPlaceholderEmail,
  isValidPhone,
  normalizePhoneInput,
  otpCodeInput,
  phoneInput,
  toE164,
} from "./auth.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe("email sign-up and sign-in", () => {
  it("accepts a valid sign-up and lower-cases the email", () => {
    const parsed = emailSignUpInput.parse({
      email: " Ann@Example.COM ",
      password: "secret1",
      confirmPassword: "secret1",
    });
    expect(parsed.email).toBe("ann@example.com");
  });

  it("uses the messages users see", () => {
    expect(
      firstMessage(
        emailSignUpInput.safeParse({
          email: "nope",
          password: "secret1",
          confirmPassword: "secret1",
        }),
      ),
    ).toBe("Please enter a valid email address");
    expect(
      firstMessage(
        emailSignUpInput.safeParse({
          email: "a@b.co",
          password: "12345",
          confirmPassword: "12345",
        }),
      ),
    ).toBe("Password must be at least 6 characters");
    expect(
      firstMessage(
        emailSignUpInput.safeParse({
          email: "a@b.co",
          password: "secret1",
          confirmPassword: "secret2",
        }),
      ),
    ).toBe("Passwords do not match");
    expect(firstMessage(emailSignInInput.safeParse({ email: "a@b", password: "secret1" }))).toBe(
      "Please enter a valid email address",
    );
    expect(firstMessage(emailSignInInput.safeParse({ email: "a@b.co", password: "12345" }))).toBe(
      "Password must be at least 6 characters",
    );
  });

  it("puts the mismatch on the confirm field", () => {
    const result = emailSignUpInput.safeParse({
      email: "a@b.co",
      password: "secret1",
      confirmPassword: "x",
    });
    expect(result.success ? [] : result.error.issues[0]?.path).toEqual(["confirmPassword"]);
  });
});

describe("phone", () => {
  it("accepts international numbers of 10 to 16 characters", () => {
    expect(phoneInput.parse("+12025550123")).toBe("+12025550123");
    expect(isValidPhone("+442071838750")).toBe(true);
    expect(isValidPhone("+123456789012345")).toBe(true);
  });

  it("reads every spelling of a number as its one E.164 form", () => {
    for (const spelling of [
      "+12025550123",
      " +12025550123",
      "+12025550123 ",
      "+1 202 555 0123",
      "+1 (202) 555-0123",
      "+1.202.555.0123",
      "\t+12025550123\n",
    ]) {
      expect(toE164(spelling), spelling).toBe("+12025550123");
    }
    for (const other of ["12025550123", "+1 202 555 0123 ext 5", "++12025550123", "+1202", ""]) {
      expect(toE164(other), other).toBeNull();
    }
  });

  it("uses the messages users see", () => {
    expect(firstMessage(phoneInput.safeParse("+1202555"))).toBe("Phone number is too short");
    expect(firstMessage(phoneInput.safeParse("+12025550123456789"))).toBe(
      "Phone number is too long",
    );
    expect(firstMessage(phoneInput.safeParse("12025550123"))).toBe(
      "Phone must be in international format",
    );
    expect(firstMessage(phoneInput.safeParse("+02025550123"))).toBe(
      "Phone must be in international format",
    );
    expect(firstMessage(phoneInput.safeParse("+1202555012a"))).toBe(
      "Phone must be in international format",
    );
  });

  it("normalizes typing: digits only, country code when there is no plus", () => {
    expect(normalizePhoneInput("(202) 555-0123", "+1")).toBe("+12025550123");
    expect(normalizePhoneInput("+44 20 7183 8750", "+1")).toBe("+442071838750");
    expect(normalizePhoneInput("202.555.0123", "1")).toBe("+12025550123");
    expect(normalizePhoneInput("", "+1")).toBe("");
    expect(normalizePhoneInput("+", "+1")).toBe("+");
    expect(normalizePhoneInput("abc", "+1")).toBe("");
  });

  it("accepts exactly six digits as a code", () => {
    expect(otpCodeInput.safeParse("123456").success).toBe(true);
    expect(otpCodeInput.safeParse(" 123456 ").success).toBe(true);
    expect(otpCodeInput.safeParse("12345").success).toBe(false);
    expect(otpCodeInput.safeParse("1234567").success).toBe(false);
    expect(otpCodeInput.safeParse("12345a").success).toBe(false);
  });

  it("recognizes the placeholder email of phone accounts", () => {
    expect(isPlaceholderEmail("12025550123@phone.tasted.invalid")).toBe(true);
    expect(isPlaceholderEmail("Phone-1-ab@PHONE.TASTED.INVALID")).toBe(true);
    expect(isPlaceholderEmail("ann@example.com")).toBe(false);
    expect(isPlaceholderEmail(null)).toBe(false);
  });
});
