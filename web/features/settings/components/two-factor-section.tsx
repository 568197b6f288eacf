import { Badge, Button, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconShieldCheck, IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import {
  hasPasswordQuery,
  type TwoFactorEnrollment as TwoFactorEnrollmentData,
  useStartTwoFactor,
  useTurnOffTwoFactor,
} from "../api/security-queries.ts";
import { SecuritySection } from "./security-section.tsx";
import { TwoFactorEnrollment } from "./two-factor-enrollment.tsx";
import { TwoFactorPasswordStep } from "./two-factor-password-step.tsx";

type Step = "idle" | "enable-password" | "enroll" | "disable-password";

/** TOTP two-factor authentication: enable with a QR code and backup codes, or turn it off. */
export function TwoFactorSection() {
  const { user, refresh } = useSession();
  const enabled = user?.twoFactorEnabled ?? false;
  const hasPassword = useQuery(hasPasswordQuery);
  const [step, setStep] = useState<Step>("idle");
  const [enrollment, setEnrollment] = useState<TwoFactorEnrollmentData | null>(null);
  const start = useStartTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const startButton = useRef<HTMLButtonElement>(null);

  // Back to the main button after a flow ends, so keyboard users keep their place.
  const previousStep = useRef(step);
  useEffect(() => {
    if (step === "idle" && previousStep.current !== "idle") startButton.current?.focus();
    previousStep.current = step;
  }, [step]);

  async function enable(password: string | undefined) {
    setEnrollment(await start.mutateAsync(password));
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
    await turnOff.mutateAsync(password);
    await refresh();
    setStep("idle");
    toast.success("Two-factor authentication is off");
  }

  return (
    <SecuritySection titleId="two-factor-title">
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
        <TwoFactorPasswordStep
          hasPassword={hasPassword.data ?? true}
          submitLabel="Continue"
          onSubmit={enable}
          onCancel={() => setStep("idle")}
        />
      )}
      {step === "enroll" && enrollment && (
        <TwoFactorEnrollment
          enrollment={enrollment}
          onDone={finishEnrollment}
          onCancel={() => {
            setEnrollment(null);
            setStep("idle");
          }}
        />
      )}
      {step === "disable-password" && (
        <TwoFactorPasswordStep
          hasPassword={hasPassword.data ?? true}
          submitLabel="Turn off two-factor"
          danger
          onSubmit={disable}
          onCancel={() => setStep("idle")}
        />
      )}
    </SecuritySection>
  );
}
