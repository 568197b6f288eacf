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
  Title,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { accountDeletionMessages as messages } from "#domain/account-deletion.ts";
import { toast } from "#web/lib/toast.ts";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { useDeleteAccount } from "../api/account-deletion-queries.ts";
import { hasPasswordQuery } from "../api/security-queries.ts";
import { errorText } from "./error-text.ts";

/**
 * "Delete account", the danger zone of Privacy & data: what happens, then a dialog that asks
 * for the password (accounts that have one) and confirms. On success the person is signed out
 * here too and lands on the landing page, told the erasure date and how to undo it.
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
  const { signOutWith } = useSignOut();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const askPassword = hasPassword.data === true;
  const busy = deletion.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (askPassword && !password) {
      setError(messages.passwordRequired);
      return;
    }
    setError(null);
    try {
      const { eraseAfter } = await deletion.mutateAsync(askPassword ? { password } : {});
      await signOutWith(() =>
        toast.success(messages.scheduled, messages.scheduledText(eraseAfter)),
      );
    } catch (cause) {
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
          {error && !askPassword && (
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
