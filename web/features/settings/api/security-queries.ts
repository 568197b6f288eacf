import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { authClient } from "#web/lib/auth-client.ts";

/** better-auth answers `{ data, error }`; react-query wants a throw. */
export async function unwrapAuthResult<T>(
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
