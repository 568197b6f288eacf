import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { authMessages, passwordInput } from "#domain/auth.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { CenteredCard } from "#web/components/centered-card.tsx";
import { authClient, authErrorMessage } from "#web/lib/auth-client.ts";
import { type FieldErrors, rejectInvalidForm } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";

const newPasswordInput = z
  .object({ password: passwordInput, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/**
 * /auth/reset-password: where the emailed link lands (better-auth adds `?token=` or, for a bad
 * or expired link, `?error=INVALID_TOKEN`). Setting the password ends every other session.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !token) return;
    const parsed = newPasswordInput.safeParse(values);
    if (!parsed.success) {
      rejectInvalidForm(formRef.current, setErrors, parsed.error);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { error } = await authClient.resetPassword({
        newPassword: parsed.data.password,
        token,
      });
      if (error) {
        toast.error("Error", authErrorMessage(error, "Could not reset the password"));
        return;
      }
      toast.success("Password updated", "Sign in with your new password.");
      navigate(screenPaths.auth, { replace: true, state: { mode: "signin" } });
    } catch {
      toast.error("Error", "Could not reset the password");
    } finally {
      setPending(false);
    }
  }

  if (!token || linkError) {
    return (
      <CenteredCard title="Reset your password">
        <Stack gap="md">
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title="This link can't be used"
          >
            The reset link is invalid or has expired. Ask for a new one from the sign-in screen.
          </Alert>
          <Button
            component={Link}
            to={screenPaths.auth}
            state={{ mode: "signin" }}
            fullWidth
            size="md"
          >
            Back to sign in
          </Button>
        </Stack>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Choose a new password" subtitle="You'll be signed out everywhere else.">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            leftSection={<IconLock size={16} aria-hidden />}
            value={values.password}
            onChange={(event) => {
              const password = event.currentTarget.value;
              setValues((current) => ({ ...current, password }));
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            required
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            leftSection={<IconLock size={16} aria-hidden />}
            value={values.confirmPassword}
            onChange={(event) => {
              const confirmPassword = event.currentTarget.value;
              setValues((current) => ({ ...current, confirmPassword }));
              setErrors((current) => ({ ...current, confirmPassword: undefined }));
            }}
            error={errors.confirmPassword}
            required
          />
          <Button type="submit" size="md" fullWidth loading={pending} mt={4}>
            Set new password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={screenPaths.auth} state={{ mode: "signin" }}>
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredCard>
  );
}
