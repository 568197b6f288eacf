import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { normalizePhoneInput, phoneInput } from "#domain/auth.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { authClient, authErrorMessage } from "#web/lib/auth-client.ts";
import { firstIssueMessage, focusFirstInvalid } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import type { AuthMode } from "../auth-mode.ts";
import { useFinishSignIn } from "../use-finish-sign-in.ts";
import classes from "./auth-page.module.css";
import { OtpStep } from "./otp-step.tsx";

/** Spec 2: only +1 (US) works today; the others are shown as coming soon. */
const COUNTRIES = [
  { value: "+1", label: "+1 (US)" },
  { value: "+44", label: "+44 (UK)", disabled: true },
  { value: "+91", label: "+91 (IN)", disabled: true },
  { value: "+61", label: "+61 (AU)", disabled: true },
  { value: "+49", label: "+49 (DE)", disabled: true },
];

const TOKEN_ERROR = "An error occurred on token verification.";

interface PhoneAuthFormProps {
  mode: AuthMode;
  /** The code step hides the sub-tabs around the form. */
  onStepChange: (step: "phone" | "code") => void;
}

/**
 * Phone sign-in: number entry, then the 6-digit code. A number nobody has used yet creates
 * the account, so sign-up and sign-in share the flow.
 */
export function PhoneAuthForm({ mode, onStepChange }: PhoneAuthFormProps) {
  const [country, setCountry] = useState("+1");
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();

  function goTo(step: "phone" | "code", number: string | null) {
    setSentTo(number);
    onStepChange(step);
  }

  async function sendCode(phoneNumber: string): Promise<boolean> {
    try {
      const { error: sendError } = await authClient.phoneNumber.sendOtp({ phoneNumber });
      if (sendError) {
        toast.error("Error", authErrorMessage(sendError, "Could not send the code"));
        return false;
      }
      return true;
    } catch {
      toast.error("Error", "Could not send the code");
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = phoneInput.safeParse(phone);
    if (!parsed.success) {
      const message = firstIssueMessage(parsed.error);
      setError(message);
      toast.error("Validation Error", message);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(null);
    setPending(true);
    const sent = await sendCode(parsed.data);
    setPending(false);
    if (!sent) return;
    toast.success("OTP Sent", "Check your phone for the verification code");
    goTo("code", parsed.data);
  }

  async function verify(code: string) {
    if (!sentTo) return;
    let failure: { message?: string | undefined; status: number } | null = null;
    try {
      const result = await authClient.phoneNumber.verify({ phoneNumber: sentTo, code });
      failure = result.error;
    } catch {
      failure = { status: 0 };
    }
    if (failure) {
      // A wrong or expired code reads the same, so neither tells a guesser more; only rate
      // limits say more.
      toast.error(
        "Error",
        failure.status === 429 ? authErrorMessage(failure, TOKEN_ERROR) : TOKEN_ERROR,
      );
      throw new Error(TOKEN_ERROR);
    }
    await finish("sign-in");
  }

  async function resend(): Promise<boolean> {
    if (!sentTo) return false;
    const sent = await sendCode(sentTo);
    if (sent) toast.success("OTP Resent", "A new code has been sent to your phone");
    return sent;
  }

  if (sentTo) {
    return (
      <OtpStep
        phoneNumber={sentTo}
        onVerify={verify}
        onResend={resend}
        onChangeNumber={() => goTo("phone", null)}
      />
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Select
            label="Country"
            className={classes.country}
            data={COUNTRIES}
            value={country}
            onChange={(value) => value && setCountry(value)}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ width: 200, position: "bottom-start" }}
            renderOption={({ option }) => (
              <Group justify="space-between" w="100%" gap="xs" wrap="nowrap">
                <span>{option.label}</span>
                {option.disabled && (
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    Soon
                  </Badge>
                )}
              </Group>
            )}
          />
          <TextInput
            label="Phone number"
            className={classes.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            value={phone}
            onChange={(event) => {
              setPhone(normalizePhoneInput(event.currentTarget.value, country));
              if (error) setError(null);
            }}
            error={error}
            required
          />
        </Group>
        <Text size="xs" c="dimmed">
          We'll text you a 6-digit code.
          {mode === "signup" && (
            <>
              {" "}
              Message and data rates may apply. See our{" "}
              <Anchor component={Link} to={screenPaths.terms} size="xs" inherit underline="always">
                SMS terms
              </Anchor>
              .
            </>
          )}
        </Text>
        <Button type="submit" size="md" fullWidth loading={pending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}
