import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconLock, IconMail } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { emailSignInInput, emailSignUpInput } from "#domain/auth.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { authClient, authErrorMessage } from "#web/lib/auth-client.ts";
import { type FieldErrors, rejectInvalidForm } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import type { AuthMode } from "../auth-mode.ts";
import { useFinishSignIn } from "../use-finish-sign-in.ts";

interface EmailAuthFormProps {
  mode: AuthMode;
  /** Sign-in answered "second factor needed": the page shows the challenge. */
  onTwoFactor: () => void;
  onForgotPassword: (email: string) => void;
}

type Field = "email" | "password" | "confirmPassword";

/**
 * Email and password, sign up or sign in. Client rules come from
 * domain/auth.ts: each message under its field and the first one in a "Validation Error" toast.
 */
export function EmailAuthForm({ mode, onTwoFactor, onForgotPassword }: EmailAuthFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    email: "",
    password: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const signUp = mode === "signup";

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = signUp ? emailSignUpInput.safeParse(values) : emailSignInInput.safeParse(values);
    if (!parsed.success) {
      rejectInvalidForm(formRef.current, setErrors, parsed.error);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { email, password } = parsed.data;
      if (signUp) {
        const { error } = await authClient.signUp.email({
          email,
          password,
          name: "",
          callbackURL: screenPaths.emailConfirmed,
        });
        if (error) throw error;
        await finish("email-sign-up");
        return;
      }
      const { data, error } = await authClient.signIn.email({ email, password });
      if (error) throw error;
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        onTwoFactor();
        return;
      }
      await finish("sign-in");
    } catch (error) {
      toast.error(
        "Error",
        authErrorMessage(error as { message?: string; status: number }, "Something went wrong"),
      );
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={16} aria-hidden />}
          value={values.email}
          onChange={(event) => update("email", event.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete={signUp ? "new-password" : "current-password"}
          placeholder={signUp ? "At least 6 characters" : "Your password"}
          leftSection={<IconLock size={16} aria-hidden />}
          value={values.password}
          onChange={(event) => update("password", event.currentTarget.value)}
          error={errors.password}
          required
        />
        {signUp && (
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            placeholder="Type it again"
            leftSection={<IconLock size={16} aria-hidden />}
            value={values.confirmPassword}
            onChange={(event) => update("confirmPassword", event.currentTarget.value)}
            error={errors.confirmPassword}
            required
          />
        )}
        {!signUp && (
          <Group justify="flex-end" mt={-4}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onForgotPassword(values.email)}
            >
              Forgot password?
            </Anchor>
          </Group>
        )}
        <Button type="submit" size="md" fullWidth loading={pending} mt={4}>
          {signUp ? "Create account" : "Sign in"}
        </Button>
      </Stack>
    </form>
  );
}
