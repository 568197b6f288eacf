import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { accountDeletionMessages as messages } from "#domain/account-deletion.ts";
import { OTP_LENGTH } from "#domain/auth.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { useDeleteAccount, useSendDeletionCode } from "../api/account-deletion-queries.ts";
import { hasPasswordQuery } from "../api/security-queries.ts";
import { errorText } from "./error-text.ts";

/**
 * "Delete account", the danger zone of Privacy & data: what happens, then a dialog that asks
 * for the password (accounts that have one) and confirms. An account without a password whose
 * sign-in is not recent is sent a code, which the dialog then asks for: it never sends the
 * person away to sign in again. On success the person is signed out here too and lands on the
 * landing page, told the erasure date and how to undo it.
 */
export function DeleteAccountSection() {
  const [opened, setOpened] = useState(false);
  // Asked ahead, so the dialog opens knowing whether to ask for the password.
  useQuery(hasPasswordQuery);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="delete-account-title"
      style={{ borderColor: "var(--mantine-color-red-outline)" }}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="delete-account-title">
          {messages.sectionTitle}
        </Title>
        <Text size="sm">{messages.sectionText}</Text>
        <Button color="red" onClick={() => setOpened(true)}>
          {messages.button}
        </Button>
      </Stack>
      {opened && <DeleteAccountDialog onClose={() => setOpened(false)} />}
    </Paper>
  );
}

const PASSWORD_HINT_ID = "delete-account-password-hint";
const PASSWORD_ERROR_ID = "delete-account-password-error";

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const hasPassword = useQuery(hasPasswordQuery);
  const deletion = useDeleteAccount();
  const sendCode = useSendDeletionCode();
  const { signOutWith } = useSignOut();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  /** Where the code went, once one was sent: the dialog then asks for it. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const askPassword = hasPassword.data === true;
  const askCode = codeSentTo !== null;
  const busy = deletion.isPending || sendCode.isPending;

  async function requestCode() {
    setError(null);
    setCode("");
    try {
      setCodeSentTo((await sendCode.mutateAsync()).sentTo);
    } catch (cause) {
      setError(errorText(cause, messages.failed));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (askPassword && !password) {
      setError(messages.passwordRequired);
      return;
    }
    setError(null);
    try {
      const input = askPassword ? { password } : askCode ? { code } : {};
      const { eraseAfter } = await deletion.mutateAsync(input);
      await signOutWith(() =>
        toast.success(messages.scheduled, messages.scheduledText(eraseAfter)),
      );
    } catch (cause) {
      // An older session of an account without a password: prove it with a code instead.
      if (cause instanceof ApiRequestError && cause.code === "REAUTHENTICATION_REQUIRED") {
        await requestCode();
        return;
      }
      setError(errorText(cause, messages.failed));
    }
  }

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title={messages.dialogTitle}
      centered
      radius="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <List size="sm" spacing={4}>
            {messages.consequences.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" fw={600}>
            {messages.restoreHint}
          </Text>
          {askPassword && (
            <PasswordInput
              label={messages.passwordLabel}
              description={messages.passwordHint}
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              // Mantine's PasswordInput ties neither its hint nor its error to the field itself.
              descriptionProps={{ id: PASSWORD_HINT_ID }}
              errorProps={{ id: PASSWORD_ERROR_ID, role: "alert" }}
              aria-describedby={
                error ? `${PASSWORD_HINT_ID} ${PASSWORD_ERROR_ID}` : PASSWORD_HINT_ID
              }
              aria-invalid={error ? true : undefined}
              required
              data-autofocus
              // Also when the answer about the password arrives after the dialog opened.
              autoFocus
            />
          )}
          {askCode && (
            <Stack gap={4} align="flex-start">
              <TextInput
                label={messages.codeLabel}
                description={`${messages.codeRequired} ${messages.codeSent(codeSentTo)}`}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={OTP_LENGTH}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value.replace(/\D/g, ""));
                  setError(null);
                }}
                error={error}
                errorProps={{ role: "alert" }}
                required
                autoFocus
                w="100%"
              />
              <Button variant="subtle" size="compact-sm" onClick={requestCode} disabled={busy}>
                {messages.sendAgain}
              </Button>
            </Stack>
          )}
          {error && !askPassword && !askCode && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={onClose}
              disabled={busy}
              data-autofocus={askPassword ? undefined : true}
            >
              {messages.cancel}
            </Button>
            <Button type="submit" color="red" loading={busy} disabled={hasPassword.isPending}>
              {messages.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
