import { useMutation } from "@tanstack/react-query";
import type {
  AccountDeletionCodeDto,
  AccountDeletionDto,
  AccountDeletionInput,
} from "#domain/account-deletion.ts";
import { apiPaths } from "#domain/api-paths.ts";
import { apiSend } from "#web/lib/api-client.ts";

/** Schedules the signed-in account's deletion; the server has then ended every session. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: AccountDeletionInput) =>
      apiSend<AccountDeletionDto>("POST", apiPaths.accountDeletion, input),
  });
}

/** Sends a password-less account the code that confirms its deletion. */
export function useSendDeletionCode() {
  return useMutation({
    mutationFn: () => apiSend<AccountDeletionCodeDto>("POST", apiPaths.accountDeletionCode),
  });
}
