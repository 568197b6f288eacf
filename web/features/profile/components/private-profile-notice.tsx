import { IconLock } from "@tabler/icons-react";
import { privateProfileMessages } from "#domain/follows-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";

/** Where a private account's tabs would be, for anyone its owner has not approved. */
export function PrivateProfileNotice() {
  return (
    <EmptyState
      icon={<IconLock size={28} stroke={1.6} />}
      title={privateProfileMessages.notice}
      hint={privateProfileMessages.hint}
    />
  );
}
