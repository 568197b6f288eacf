import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { authClient } from "#web/lib/auth-client.ts";

/** better-auth answers `{ data, error }`; react-query wants a throw. */
async function unwrapAuthResult<T>(
  call: Promise<{ data: T | null; error: { message?: string | undefined; status: number } | null }>,
  fallback: string,
): Promise<T> {
  const { data, error } = await call;
  if (error) throw new Error(error.message || fallback);
  return data as T;
}

export interface ActiveSession {
  id: string;
  token: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
}

export const sessionsQuery = queryOptions({
  queryKey: ["security", "sessions"],
  queryFn: () =>
    unwrapAuthResult<ActiveSession[]>(authClient.listSessions(), "Could not load your sessions"),
  staleTime: 0,
});

/** Whether the account has a password (then enabling or disabling 2FA asks for it). */
export const hasPasswordQuery = queryOptions({
  queryKey: ["security", "has-password"],
  queryFn: async () => {
    const accounts = await unwrapAuthResult<{ providerId: string }[]>(
      authClient.listAccounts(),
      "Could not load your sign-in methods",
    );
    return accounts.some((account) => account.providerId === "credential");
  },
  staleTime: 5 * 60_000,
});

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      unwrapAuthResult(authClient.revokeSession({ token }), "Could not sign that session out"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrapAuthResult(authClient.revokeOtherSessions(), "Could not sign the other sessions out"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

// Two-factor authentication (TOTP). Every change reads the session again, since /api/me
// carries whether two-factor is on.

/** Starts enrolment: the otpauth:// URI for the QR code and the backup codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async (password: string | undefined) => {
      const result = await unwrapAuthResult(
        authClient.twoFactor.enable(password ? { password } : {}),
        "Could not start two-factor setup",
      );
      if (result.method !== "totp") throw new Error("Could not start two-factor setup");
      return { totpURI: result.totpURI, backupCodes: result.backupCodes ?? [] };
    },
  });
}

export type TwoFactorEnrollment = Awaited<
  ReturnType<ReturnType<typeof useStartTwoFactor>["mutateAsync"]>
>;

/** The first code from the authenticator app: it switches two-factor on. */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) =>
      unwrapAuthResult(authClient.twoFactor.verifyTotp({ code }), "That code did not work"),
  });
}

export function useTurnOffTwoFactor() {
  return useMutation({
    mutationFn: (password: string | undefined) =>
      unwrapAuthResult(
        authClient.twoFactor.disable(password ? { password } : {}),
        "Could not turn off two-factor authentication",
      ),
  });
}
