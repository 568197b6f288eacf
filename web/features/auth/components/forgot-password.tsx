import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowLeft, IconMail, IconMailCheck } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { emailInput } from "#domain/auth.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { authClient, authErrorMessage } from "#web/lib/auth-client.ts";
import { firstIssueMessage } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";

interface ForgotPasswordProps {
  initialEmail: string;
  onBack: () => void;
}

/**
 * "Forgot password?": ask for a reset link by email. The answer is the same whether or not the
 * address has an account, so the form never tells who is registered.
 */
export function ForgotPassword({ initialEmail, onBack }: ForgotPasswordProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = emailInput.safeParse(email);
    if (!parsed.success) {
      const message = firstIssueMessage(parsed.error);
      setError(message);
      toast.error("Validation Error", message);
      input.current?.focus();
      return;
    }
    setPending(true);
    try {
      const { error: requestError } = await authClient.requestPasswordReset({
        email: parsed.data,
        redirectTo: screenPaths.resetPassword,
      });
      if (requestError) {
        toast.error("Error", authErrorMessage(requestError, "Could not send the link"));
        return;
      }
      setSentTo(parsed.data);
    } catch {
      toast.error("Error", "Could not send the link");
    } finally {
      setPending(false);
    }
  }

  const back = (
    <Group justify="center">
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          Back to sign in
        </Group>
      </Anchor>
    </Group>
  );

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert
          variant="light"
          color="teal"
          icon={<IconMailCheck size={20} aria-hidden />}
          title="Check your email"
          role="status"
        >
          If an account exists for <strong>{sentTo}</strong>, we've sent a link to reset your
          password. It works for one hour.
        </Alert>
        {back}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          Enter the email you signed up with and we'll send you a link to set a new password.
        </Text>
        <TextInput
          ref={input}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={16} aria-hidden />}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
        />
        <Button type="submit" size="md" fullWidth loading={pending}>
          Send reset link
        </Button>
        {back}
      </Stack>
    </form>
  );
}
