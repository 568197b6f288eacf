import { Button, Loader, Stack, Switch, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { UpdateNotificationSettings } from "#domain/notification-settings.ts";
import { notificationSettingsMessages as messages } from "#domain/notification-settings-rules.ts";
import {
  notificationSettingsQuery,
  useUpdateNotificationSettings,
} from "#web/features/notification-settings/api/notification-settings-queries.ts";
import {
  type PushState,
  pushStateQuery,
  useSetPush,
} from "#web/features/notification-settings/api/web-push.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import classes from "./settings-drawer.module.css";

/** Why push cannot be switched here, for the states where it cannot. */
const PUSH_REASONS: Partial<Record<PushState, string>> = {
  unsupported: messages.pushUnsupported,
  unavailable: messages.pushUnavailable,
  denied: messages.pushDenied,
};

/**
 * The settings drawer's notification switches: push in this browser, the weekly email, new
 * followers, comments & likes. Each saves as it is switched.
 */
export function NotificationSettingsSection() {
  const settings = useQuery(notificationSettingsQuery);
  const update = useUpdateNotificationSettings();

  if (settings.isPending) return <Loader size="sm" aria-label="Loading notification settings" />;
  if (settings.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {messages.loadFailed}
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => settings.refetch()}
          loading={settings.isFetching}
        >
          {messages.retry}
        </Button>
      </Stack>
    );
  }

  const save = (changes: UpdateNotificationSettings) =>
    update.mutate(changes, {
      onError: (error) =>
        toast.error(messages.failed, error instanceof ApiRequestError ? error.message : undefined),
    });
  const { data } = settings;
  return (
    <>
      <PushSwitch />
      <SettingSwitch
        label={messages.email}
        description={data.emailDigestAvailable ? messages.emailHint : messages.emailUnavailable}
        checked={data.emailDigest === "weekly"}
        // Without a confirmed address it cannot be turned on, but always off.
        disabled={!data.emailDigestAvailable && data.emailDigest !== "weekly"}
        onChange={(on) => save({ emailDigest: on ? "weekly" : "off" })}
      />
      <SettingSwitch
        label={messages.newFollowers}
        description={messages.newFollowersHint}
        checked={data.newFollowers}
        onChange={(on) => save({ newFollowers: on })}
      />
      <SettingSwitch
        label={messages.commentsAndLikes}
        description={messages.commentsAndLikesHint}
        checked={data.commentsAndLikes}
        onChange={(on) => save({ commentsAndLikes: on })}
      />
      <SettingSwitch
        label={messages.dealsAtFollowed}
        description={messages.dealsAtFollowedHint}
        checked={data.dealsAtFollowed}
        onChange={(on) => save({ dealsAtFollowed: on })}
      />
    </>
  );
}

/**
 * Push in this browser. The browser's permission is asked only when the person turns it on;
 * where push cannot work (no support, none on this server, blocked) the switch stays off and
 * says why.
 */
function PushSwitch() {
  const push = useQuery(pushStateQuery);
  const setPush = useSetPush();
  const state = push.data?.state;
  const reason = state ? PUSH_REASONS[state] : undefined;
  return (
    <SettingSwitch
      label={messages.push}
      description={reason ?? messages.pushHint}
      checked={state === "on"}
      disabled={!state || Boolean(reason) || setPush.isPending}
      onChange={(on) =>
        setPush.mutate(
          { on, publicKey: push.data?.publicKey ?? null },
          { onError: () => toast.error(messages.pushFailed) },
        )
      }
    />
  );
}

/** One setting of the drawer, its switch on the right: notifications and Private Profile. */
export function SettingSwitch(props: {
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      labelPosition="left"
      label={props.label}
      description={props.description}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      classNames={{ body: classes.switchBody, labelWrapper: classes.switchText }}
    />
  );
}
