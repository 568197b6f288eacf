import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { toast } from "#web/lib/toast.ts";
import { errorText } from "./error-text.ts";

/** Asks for the account password (only accounts that have one) before a 2FA change. */
export function TwoFactorPasswordStep({
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
