import {
  Button,
  Divider,
  Drawer,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconChevronRight,
  IconFlag,
  IconLogout,
  IconShieldLock,
  IconUserShield,
  type TablerIcon,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import { privateProfileMessages } from "#domain/follows-rules.ts";
import type { ItemViewMode } from "#domain/item-lists.ts";
import { adminMessages } from "#domain/moderation-rules.ts";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import type { ProfileDto } from "#domain/profile.ts";
import { PROFILE_LIMITS, profileEditMessages } from "#domain/profile-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { useSetPrivacy } from "#web/features/follows/api/use-follow-requests.ts";
import { useItemViewMode } from "#web/features/items/use-item-view-mode.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { profileKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { useSaveProfile } from "../api/use-save-profile.ts";
import { NotificationSettingsSection, SettingSwitch } from "./notification-settings-section.tsx";
import { ProfileFields, useProfileForm } from "./profile-fields.tsx";
import classes from "./settings-drawer.module.css";

const THEME_CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "System" },
];

const VIEW_CHOICES: { value: ItemViewMode; label: string }[] = [
  { value: "grid", label: "Grid View" },
  { value: "list", label: "List View" },
];

/**
 * The own profile's settings panel, from the right (the whole screen on phones): theme, the
 * profile's grid or list view, the profile form, Private Profile, the notification switches,
 * security and sign-out.
 */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const { session } = useSession();
  const profile = session.status === "signed-in" ? session.profile : null;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isMobile ? "100%" : 460}
      title="Settings"
      classNames={{ title: classes.drawerTitle }}
    >
      {/* Mounted only while open, so each opening starts from the saved profile. */}
      {opened && (
        <Stack gap="lg" pb="xl">
          <AppearanceSettings />
          <Divider />
          <Section title="Edit Profile">
            {profile ? (
              <EditProfileForm profile={profile} />
            ) : (
              <Text size="sm" c="dimmed">
                Your profile could not be loaded. Please try again later.
              </Text>
            )}
          </Section>
          <Divider />
          <Section title="Privacy">{profile && <PrivacySwitch profile={profile} />}</Section>
          <Divider />
          <Section title={notificationSettingsMessages.title}>
            <NotificationSettingsSection />
          </Section>
          <Divider />
          <AccountActions />
        </Stack>
      )}
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Private Profile: only approved followers see the person's reviews, posts and lists. */
function PrivacySwitch({ profile }: { profile: ProfileDto }) {
  const setPrivacy = useSetPrivacy();
  return (
    <SettingSwitch
      label={privateProfileMessages.setting}
      description={privateProfileMessages.settingHint}
      checked={profile.isPrivate}
      onChange={(on) => setPrivacy.mutate(on)}
    />
  );
}

/** Theme (stored by Mantine's colour-scheme manager) and the profile tabs' grid or list view. */
function AppearanceSettings() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [viewMode, setViewMode] = useItemViewMode("profile");
  return (
    <>
      <Section title="Theme">
        <SegmentedControl
          fullWidth
          radius="xl"
          aria-label="Theme"
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
          data={THEME_CHOICES}
        />
      </Section>
      <Divider />
      <Section title="Profile View">
        <SegmentedControl
          fullWidth
          radius="xl"
          aria-label="Profile View"
          value={viewMode}
          onChange={(value) => setViewMode(value as ItemViewMode)}
          data={VIEW_CHOICES}
        />
      </Section>
    </>
  );
}

/**
 * Photo, first and last name, username (checked live), bio and location. A new photo uploads at
 * once but, like every other field, is applied only by "Save Changes".
 */
function EditProfileForm({ profile }: { profile: ProfileDto }) {
  const form = useProfileForm(profile);
  const queryClient = useQueryClient();
  const save = useSaveProfile();

  function avatarChanged(url: string | null) {
    if (url)
      toast.success(profileEditMessages.avatarUploadedTitle, profileEditMessages.avatarUploaded);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || form.uploading) return;
    const values = form.validate();
    if (!values) return;
    try {
      // useSaveProfile puts the answer into the session's profile; profile pages re-read.
      await save.mutateAsync(values);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(profileEditMessages.savedTitle, profileEditMessages.saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        form.rejectTakenUsername();
        return;
      }
      toast.error(
        profileEditMessages.saveFailed,
        error instanceof ApiRequestError ? error.message : undefined,
      );
    }
  }

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        <ProfileFields
          form={form}
          onAvatarChange={avatarChanged}
          bioLimit={PROFILE_LIMITS.bioPanelMax}
          bioPlaceholder="Tell people about your taste"
          withLocation
        />
        <Button type="submit" fullWidth loading={save.isPending} disabled={form.uploading}>
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}

/** The Admin Dashboard for moderators and admins, Security, Privacy & data, and Log Out. */
/** A row of the drawer that opens another settings screen. */
function SettingsLink({
  to,
  icon: Icon,
  children,
}: {
  to: string;
  icon: TablerIcon;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      justify="space-between"
      leftSection={<Icon size={18} aria-hidden />}
      rightSection={<IconChevronRight size={16} aria-hidden />}
      fullWidth
    >
      {children}
    </Button>
  );
}

function AccountActions() {
  const { signOut, pending } = useSignOut();
  const { isModerator } = useSession();
  return (
    <Stack gap="sm">
      {isModerator && (
        <SettingsLink to={screenPaths.admin} icon={IconFlag}>
          {adminMessages.title}
        </SettingsLink>
      )}
      <SettingsLink to={screenPaths.security} icon={IconShieldLock}>
        Security
      </SettingsLink>
      <SettingsLink to={screenPaths.privacy} icon={IconUserShield}>
        Privacy &amp; data
      </SettingsLink>
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={signOut}
        loading={pending}
        fullWidth
      >
        Log Out
      </Button>
    </Stack>
  );
}
