import { Button, Code, Group, PinInput, SimpleGrid, Stack, Text } from "@mantine/core";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useId, useRef, useState } from "react";
import { focusPinInput } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import {
  type TwoFactorEnrollment as TwoFactorEnrollmentData,
  useConfirmTwoFactor,
} from "../api/security-queries.ts";
import { CopyValueButton } from "./copy-value-button.tsx";
import { errorText } from "./error-text.ts";
import classes from "./security-page.module.css";

const CODE_LENGTH = 6;

/** The base32 secret inside an otpauth:// URI, grouped in fours for typing by hand. */
function secretOf(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

/** QR code, secret, backup codes, then the first code from the app to switch 2FA on. */
export function TwoFactorEnrollment({
  enrollment,
  onDone,
  onCancel,
}: {
  enrollment: TwoFactorEnrollmentData;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const confirm = useConfirmTwoFactor();
  // Stays busy after the code is accepted, while the account is read again and the step closes.
  const [finishing, setFinishing] = useState(false);
  const pending = confirm.isPending || finishing;
  const [error, setError] = useState(false);
  const secret = secretOf(enrollment.totpURI);
  const codesText = enrollment.backupCodes.join("\n");
  // PinInput's `ref` does not reach its first box; its root element does.
  const pinRefRoot = useRef<HTMLDivElement>(null);
  const codeHint = useId();

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    try {
      await confirm.mutateAsync(code);
    } catch (cause) {
      toast.error("Error", errorText(cause, "That code did not work"));
      setError(true);
      setCode("");
      focusPinInput(pinRefRoot.current);
      return;
    }
    setFinishing(true);
    await onDone();
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
            <CopyValueButton value={secret.replace(/\s/g, "")} label="Copy key" />
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
        <CopyValueButton value={codesText} label="Copy backup codes" />
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
