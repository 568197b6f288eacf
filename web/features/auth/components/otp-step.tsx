import { Anchor, Button, Group, PinInput, Stack, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { OTP_LENGTH } from "#domain/auth.ts";
import { focusPinInput } from "#web/lib/form-errors.ts";

/** "+15551234567" → "+1 (555) 123-4567"; other countries as stored. */
function formatPhoneForDisplay(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `+1 (${us[1]}) ${us[2]}-${us[3]}` : phone;
}

interface OtpStepProps {
  phoneNumber: string;
  /** Resolves once the code was accepted; rejects (after showing its own toast) otherwise. */
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<boolean>;
  onChangeNumber: () => void;
}

/**
 * The code-entry step of phone sign-in: six digits, Verify only when all
 * six are there, Resend, or back to change the number. Focus starts in the first box.
 */
export function OtpStep({ phoneNumber, onVerify, onResend, onChangeNumber }: OtpStepProps) {
  const [code, setCode] = useState("");
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  // PinInput's `ref` does not reach its first box; its root element does.
  const firstInputRoot = useRef<HTMLDivElement>(null);
  const hintId = useId();

  const complete = code.length === OTP_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || verifying) return;
    setVerifying(true);
    try {
      await onVerify(code);
    } catch {
      // The caller has said what went wrong; clear the boxes for another try.
      setCode("");
      setVerifying(false);
      focusPinInput(firstInputRoot.current);
    }
  }

  async function resend() {
    setResending(true);
    const sent = await onResend();
    setResending(false);
    if (sent) {
      setCode("");
      focusPinInput(firstInputRoot.current);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" ta="center" id={hintId}>
          Enter the 6-digit code we sent to{" "}
          <Text span fw={600} style={{ whiteSpace: "nowrap" }}>
            {formatPhoneForDisplay(phoneNumber)}
          </Text>
        </Text>
        <PinInput
          rootRef={firstInputRoot}
          autoFocus
          length={OTP_LENGTH}
          type="number"
          inputMode="numeric"
          oneTimeCode
          size="lg"
          gap="xs"
          value={code}
          onChange={setCode}
          readOnly={verifying}
          placeholder=""
          styles={{ root: { justifyContent: "center" } }}
          getInputProps={(index) => ({
            "aria-label": `Verification code, digit ${index + 1} of ${OTP_LENGTH}`,
            "aria-describedby": hintId,
          })}
        />
        <Button type="submit" size="md" fullWidth disabled={!complete} loading={verifying}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={onChangeNumber}
            disabled={verifying}
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              Change number
            </Group>
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={resend}
            loading={resending}
            disabled={verifying}
          >
            Resend
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
