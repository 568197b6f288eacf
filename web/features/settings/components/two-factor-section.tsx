import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCheck, IconCopy, IconShieldCheck, IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { focusPinInput } from "#web/lib/form-errors.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { hasPasswordQuery, unwrapAuthResult } from "../api/security-queries.ts";
import classes from "./security-page.module.css";

const CODE_LENGTH = 6;

interface Enrollment {
  totpURI: string;
  backupCodes: string[];
}

/** The base32 secret inside an otpauth:// URI, grouped in fours for typing by hand. */
function secretOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Asks for the account password (only accounts that have one) before a 2FA change. */
function PasswordStep({
  hasPassword,
  submitLabel,
  danger,
  onSubmit,
  onCancel,
}: {
  hasPassword: boolean;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (password: string | undefined) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (hasPassword && !password) {
      setError("Enter your password");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSubmit(hasPassword ? password : undefined);
    } catch (cause) {
      setError(errorText(cause, "That did not work"));
      toast.error("Error", errorText(cause, "That did not work"));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {hasPassword ? (
          <PasswordInput
            label="Confirm your password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            autoFocus
          />
        ) : (
          <Text size="sm" c="dimmed">
            Your account signs in without a password, so no password is needed here.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={danger ? "red" : undefined} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** QR code, secret, backup codes, then the first code from the app to switch 2FA on. */
function EnrollmentStep({
  enrollment,
  onDone,
  onCancel,
}: {
  enrollment: Enrollment;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(false);
  const secret = secretOf(enrollment.totpURI);
  const codesText = enrollment.backupCodes.join("\n");
  // PinInput's `ref` does not reach its first box; its root element does.
  const pinRefRoot = useRef<HTMLDivElement>(null);
  const codeHint = useId();

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    setPending(true);
    try {
      await unwrapAuthResult(authClient.twoFactor.verifyTotp({ code }), "That code did not work");
      await onDone();
    } catch (cause) {
      toast.error("Error", errorText(cause, "That code did not work"));
      setError(true);
      setCode("");
      setPending(false);
      focusPinInput(pinRefRoot.current);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          1. Scan this QR code with your authenticator app
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <div className={classes.qr}>
            <QRCodeSVG
              value={enrollment.totpURI}
              size={168}
              marginSize={2}
              title="QR code for your authenticator app"
            />
          </div>
          <Stack gap={6} className={classes.secret}>
            <Text size="sm" c="dimmed">
              Can't scan it? Enter this key in the app instead:
            </Text>
            <Code block className={classes.code}>
              {secret}
            </Code>
            <CopyButton value={secret.replace(/\s/g, "")}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  w="fit-content"
                >
                  {copied ? "Copied" : "Copy key"}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
      </Stack>

      <Stack gap="xs">
        <Text fw={600} size="sm">
          2. Save your backup codes
        </Text>
        <Text size="sm" c="dimmed">
          Each code works once, if you ever lose access to your authenticator app. Keep them
          somewhere safe: they won't be shown again.
        </Text>
        <SimpleGrid
          cols={2}
          spacing="xs"
          verticalSpacing={4}
          className={classes.backupCodes}
          component="ul"
          aria-label="Backup codes"
        >
          {enrollment.backupCodes.map((backupCode) => (
            <Text component="li" key={backupCode} ff="monospace" size="sm">
              {backupCode}
            </Text>
          ))}
        </SimpleGrid>
        <CopyButton value={codesText}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="compact-sm"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              w="fit-content"
            >
              {copied ? "Copied" : "Copy backup codes"}
            </Button>
          )}
        </CopyButton>
      </Stack>

      <form onSubmit={verify} noValidate>
        <Stack gap="xs">
          <Text fw={600} size="sm" id={codeHint}>
            3. Enter the 6-digit code from the app
          </Text>
          <PinInput
            rootRef={pinRefRoot}
            length={CODE_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            placeholder=""
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(false);
            }}
            error={error}
            readOnly={pending}
            getInputProps={(index) => ({
              "aria-label": `Authentication code, digit ${index + 1} of ${CODE_LENGTH}`,
              "aria-describedby": codeHint,
            })}
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={code.length !== CODE_LENGTH} loading={pending}>
              Verify and turn on
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

type Step = "idle" | "enable-password" | "enroll" | "disable-password";

/** TOTP two-factor authentication: enable with a QR code and backup codes, or turn it off. */
export function TwoFactorSection() {
  const { user, refresh } = useSession();
  const enabled = user?.twoFactorEnabled ?? false;
  const hasPassword = useQuery(hasPasswordQuery);
  const [step, setStep] = useState<Step>("idle");
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  // Back to the main button after a flow ends, so keyboard users keep their place.
  const previousStep = useRef(step);
  useEffect(() => {
    if (step === "idle" && previousStep.current !== "idle") startButton.current?.focus();
    previousStep.current = step;
  }, [step]);

  async function enable(password: string | undefined) {
    const result = await unwrapAuthResult(
      authClient.twoFactor.enable(password ? { password } : {}),
      "Could not start two-factor setup",
    );
    if (result.method !== "totp") throw new Error("Could not start two-factor setup");
    setEnrollment({ totpURI: result.totpURI, backupCodes: result.backupCodes ?? [] });
    setStep("enroll");
  }

  async function finishEnrollment() {
    await refresh();
    setEnrollment(null);
    setStep("idle");
    toast.success(
      "Two-factor authentication is on",
      "You'll be asked for a code when you sign in.",
    );
  }

  async function disable(password: string | undefined) {
    await unwrapAuthResult(
      authClient.twoFactor.disable(password ? { password } : {}),
      "Could not turn off two-factor authentication",
    );
    await refresh();
    setStep("idle");
    toast.success("Two-factor authentication is off");
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="two-factor-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" color={enabled ? "teal" : "paprika"}>
              {enabled ? (
                <IconShieldCheck size={22} aria-hidden />
              ) : (
                <IconShieldLock size={22} aria-hidden />
              )}
            </ThemeIcon>
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={2} size="h4" id="two-factor-title">
                  Two-factor authentication
                </Title>
                <Badge
                  variant={enabled ? "filled" : "light"}
                  color={enabled ? "teal.9" : "gray"}
                  size="sm"
                >
                  {enabled ? "On" : "Off"}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {enabled
                  ? "Signing in with your email and password also asks for a code from your authenticator app."
                  : "Add a second step to email sign-in: a 6-digit code from an authenticator app."}
              </Text>
            </Stack>
          </Group>
        </Group>

        {step === "idle" &&
          (enabled ? (
            <Group justify="flex-end">
              <Button
                ref={startButton}
                variant="default"
                color="red"
                onClick={() => setStep("disable-password")}
              >
                Turn off
              </Button>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button
                ref={startButton}
                leftSection={<IconShieldLock size={16} aria-hidden />}
                onClick={() => setStep("enable-password")}
                loading={hasPassword.isPending}
              >
                Enable two-factor
              </Button>
            </Group>
          ))}
        {step === "enable-password" && (
          <PasswordStep
            hasPassword={hasPassword.data ?? true}
            submitLabel="Continue"
            onSubmit={enable}
            onCancel={() => setStep("idle")}
          />
        )}
        {step === "enroll" && enrollment && (
          <EnrollmentStep
            enrollment={enrollment}
            onDone={finishEnrollment}
            onCancel={() => {
              setEnrollment(null);
              setStep("idle");
            }}
          />
        )}
        {step === "disable-password" && (
          <PasswordStep
            hasPassword={hasPassword.data ?? true}
            submitLabel="Turn off two-factor"
            danger
            onSubmit={disable}
            onCancel={() => setStep("idle")}
          />
        )}
      </Stack>
    </Paper>
  );
}
