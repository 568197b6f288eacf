import { Anchor, Button, Checkbox, Group, PinInput, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { authClient, authErrorMessage } from "#web/lib/auth-client.ts";
import { focusPinInput } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";

const CODE_LENGTH = 6;

interface TwoFactorChallengeProps {
  /** Called once the second factor was accepted and the session exists. */
  onVerified: () => Promise<void>;
  onCancel: () => void;
}

/**
 * Second step of an email sign-in when the account has two-factor authentication: the
 * authenticator app's 6-digit code, or one of the backup codes shown when 2FA was enabled.
 */
export function TwoFactorChallenge({ onVerified, onCancel }: TwoFactorChallengeProps) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState("");
  const [backupCode, setBackupCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // PinInput's `ref` does not reach its first box; its root element does.
  const firstInputRoot = useRef<HTMLDivElement>(null);
  const backupInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (useBackup) backupInput.current?.focus();
    else focusPinInput(firstInputRoot.current);
  }, [useBackup]);

  const ready = useBackup ? backupCode.trim().length > 0 : code.length === CODE_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    setError(null);
    const result = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: backupCode.trim(), trustDevice })
      : await authClient.twoFactor.verifyTotp({ code, trustDevice });
    if (result.error) {
      const message = authErrorMessage(result.error, "That code did not work. Try again.");
      setError(message);
      toast.error("Error", message);
      setCode("");
      setPending(false);
      if (useBackup) backupInput.current?.focus();
      else focusPinInput(firstInputRoot.current);
      return;
    }
    await onVerified();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" ta="center" c="dimmed" id={hintId}>
          {useBackup
            ? "Enter one of the backup codes you saved when you turned on two-factor authentication."
            : "Open your authenticator app and enter the 6-digit code for Tasted."}
        </Text>
        {useBackup ? (
          <TextInput
            ref={backupInput}
            autoFocus
            label="Backup code"
            autoComplete="one-time-code"
            spellCheck={false}
            value={backupCode}
            onChange={(event) => setBackupCode(event.currentTarget.value)}
            error={error}
            readOnly={pending}
          />
        ) : (
          <Stack gap={6} align="center">
            <PinInput
              rootRef={firstInputRoot}
              autoFocus
              length={CODE_LENGTH}
              type="number"
              inputMode="numeric"
              oneTimeCode
              size="lg"
              gap="xs"
              placeholder=""
              value={code}
              onChange={setCode}
              error={Boolean(error)}
              readOnly={pending}
              getInputProps={(index) => ({
                "aria-label": `Authentication code, digit ${index + 1} of ${CODE_LENGTH}`,
                "aria-describedby": hintId,
              })}
            />
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        )}
        <Checkbox
          label="Trust this device for 30 days"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.currentTarget.checked)}
        />
        <Button type="submit" size="md" fullWidth disabled={!ready} loading={pending}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onCancel}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              Back to sign in
            </Group>
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseBackup((value) => !value);
              setError(null);
            }}
          >
            {useBackup ? "Use authenticator code" : "Use a backup code"}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
