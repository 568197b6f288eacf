import { Alert, Badge, Button, Group, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import {
  type ActiveSession,
  sessionsQuery,
  useRevokeOtherSessions,
  useRevokeSession,
} from "../api/security-queries.ts";
import { describeDevice } from "./describe-device.ts";
import classes from "./security-page.module.css";
import { SecuritySection } from "./security-section.tsx";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function formatWhen(value: Date | string): string {
  return dateTime.format(new Date(value));
}

function SessionRow({ item, current }: { item: ActiveSession; current: boolean }) {
  const revoke = useRevokeSession();
  const device = describeDevice(item.userAgent);
  const Icon = device.mobile ? IconDeviceMobile : IconDeviceDesktop;

  async function signOutSession() {
    try {
      await revoke.mutateAsync(item.token);
      toast.success("Session ended", `${device.name} was signed out.`);
    } catch (error) {
      toast.error("Error", error instanceof Error ? error.message : "Could not end the session");
    }
  }

  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py="sm">
      <Group wrap="nowrap" gap="sm" miw={0}>
        <ThemeIcon size={40} radius="md" variant="light" color={current ? "paprika" : "gray"}>
          <Icon size={22} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {device.name}
            </Text>
            {current && (
              <Badge size="xs" variant="filled" color="teal.9">
                This device
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Last active {formatWhen(item.updatedAt)}
            {item.ipAddress ? ` · ${item.ipAddress}` : ""}
          </Text>
          <Text size="xs" c="dimmed">
            Signed in {formatWhen(item.createdAt)}
          </Text>
        </Stack>
      </Group>
      {!current && (
        <Button
          variant="default"
          size="compact-sm"
          onClick={signOutSession}
          loading={revoke.isPending}
          aria-label={`Sign out ${device.name}, signed in ${formatWhen(item.createdAt)}`}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}

/** Every signed-in browser of this account, with a way to end the others. */
export function SessionsSection() {
  const { currentSessionId } = useSession();
  const sessions = useQuery(sessionsQuery);
  const revokeOthers = useRevokeOtherSessions();

  const list = [...(sessions.data ?? [])].sort((a, b) => {
    if (a.id === currentSessionId) return -1;
    if (b.id === currentSessionId) return 1;
    return new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime();
  });
  const others = list.filter((item) => item.id !== currentSessionId).length;

  function confirmSignOutOthers() {
    modals.openConfirmModal({
      title: "Sign out of all other sessions?",
      children: (
        <Text size="sm">
          Every other browser and device signed in to your account will be signed out. This one
          stays signed in.
        </Text>
      ),
      labels: { confirm: "Sign out others", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        try {
          await revokeOthers.mutateAsync();
          toast.success("Signed out", "All other sessions were signed out.");
        } catch (error) {
          toast.error("Error", error instanceof Error ? error.message : "Could not sign them out");
        }
      },
    });
  }

  return (
    <SecuritySection
      titleId="sessions-title"
      title="Active sessions"
      intro="Places where your account is signed in. Sign out any you don't recognise."
      gap="xs"
    >
      {sessions.isPending && (
        <Stack gap="sm" py="sm" aria-busy>
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
        </Stack>
      )}
      {sessions.isError && (
        <Alert color="red" variant="light" title="Couldn't load your sessions">
          <Group justify="space-between">
            <Text size="sm">{sessions.error.message}</Text>
            <Button size="compact-sm" variant="default" onClick={() => sessions.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {sessions.data && (
        <Stack component="ul" gap={0} className={classes.sessionList}>
          {list.map((item) => (
            <SessionRow key={item.id} item={item} current={item.id === currentSessionId} />
          ))}
        </Stack>
      )}
      {others > 0 && (
        <Group justify="flex-end" pt="xs">
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={confirmSignOutOthers}
            loading={revokeOthers.isPending}
          >
            Sign out of all other sessions
          </Button>
        </Group>
      )}
    </SecuritySection>
  );
}
