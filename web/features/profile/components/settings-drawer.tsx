import {
  Badge,
  Button,
  Divider,
  Drawer,
  type MantineColorScheme,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  useMantineColorScheme,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronRight, IconLogout, IconShieldLock } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import type { ItemViewMode } from "#domain/item-lists.ts";
import {
  isTemporaryUsername,
  PROFILE_LIMITS,
  type ProfileDto,
  profileEditMessages,
  profileMessages,
  profileSetupInput,
} from "#domain/profile.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { useItemViewMode } from "#web/features/items/use-item-view-mode.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { type FieldErrors, rejectForm, rejectInvalidForm } from "#web/lib/form-errors.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { profileKeys } from "../api/profile-queries.ts";
import { useSaveProfile } from "../api/use-save-profile.ts";
import { useUsernameAvailability } from "../api/use-username-availability.ts";
import { AvatarPicker, initialsOf } from "./avatar-picker.tsx";
import classes from "./settings-drawer.module.css";
import { UsernameField } from "./username-field.tsx";

const THEME_CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "System" },
];

const VIEW_CHOICES: { value: ItemViewMode; label: string }[] = [
  { value: "grid", label: "Grid View" },
  { value: "list", label: "List View" },
];

const NOTIFICATION_SETTINGS = [
  "Push Notifications",
  "Email Notifications",
  "New Followers",
  "Comments & Likes",
];

/**
 * The own profile's settings panel, from the right (the whole screen on phones): theme, the
 * profile's grid or list view, the profile form, privacy and notification switches that are not
 * available yet, security and sign-out.
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
          <Section title="Privacy">
            <ComingSoonSwitch
              label="Private Profile"
              description="Only approved followers can see your posts"
            />
          </Section>
          <Divider />
          <Section title="Notification Settings">
            {NOTIFICATION_SETTINGS.map((label) => (
              <ComingSoonSwitch key={label} label={label} />
            ))}
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

function ComingSoonBadge() {
  return (
    <Badge size="sm" variant="light" color="gray" className={classes.comingSoon}>
      Coming Soon
    </Badge>
  );
}

/** A setting that exists in the design but not yet in the product: shown off and disabled. */
function ComingSoonSwitch({ label, description }: { label: string; description?: string }) {
  return (
    <Switch
      disabled
      labelPosition="left"
      label={
        <span className={classes.switchLabel}>
          {label}
          <ComingSoonBadge />
        </span>
      }
      description={description}
      classNames={{ body: classes.switchBody, labelWrapper: classes.switchText }}
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

type Field = "firstName" | "lastName" | "username" | "bio" | "location";

/**
 * Photo, first and last name, username (checked live), bio and location. A new photo uploads at
 * once but, like every other field, is applied only by "Save Changes".
 */
function EditProfileForm({ profile }: { profile: ProfileDto }) {
  const ownUsername = isTemporaryUsername(profile.username) ? null : profile.username;
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    username: ownUsername ?? "",
    bio: profile.bio ?? "",
    location: profile.location ?? "",
  }));
  const [avatarUrl, setAvatarUrl] = useState<string | null>(profile.avatarUrl);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const save = useSaveProfile();
  const availability = useUsernameAvailability(values.username, ownUsername);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function avatarChanged(url: string | null) {
    setAvatarUrl(url);
    if (url)
      toast.success(profileEditMessages.avatarUploadedTitle, profileEditMessages.avatarUploaded);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = profileSetupInput.safeParse({ ...values, avatarUrl });
    if (!parsed.success) {
      rejectInvalidForm(formRef.current, setErrors, parsed.error);
      return;
    }
    const taken = { username: profileMessages.usernameTaken };
    if (availability === "taken") {
      rejectForm(formRef.current, setErrors, taken, profileMessages.usernameTaken);
      return;
    }
    setErrors({});
    try {
      // useSaveProfile puts the answer into the session's profile; profile pages re-read.
      await save.mutateAsync(parsed.data);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(profileEditMessages.savedTitle, profileEditMessages.saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        rejectForm(formRef.current, setErrors, taken, profileMessages.usernameTaken);
        return;
      }
      toast.error(
        profileEditMessages.saveFailed,
        error instanceof ApiRequestError ? error.message : undefined,
      );
    }
  }

  const bioLength = values.bio.length;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        <AvatarPicker
          value={avatarUrl}
          onChange={avatarChanged}
          initials={initialsOf(values.firstName, values.lastName, values.username)}
          onUploadingChange={setUploading}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => update("firstName", event.currentTarget.value)}
            error={errors.firstName}
            maxLength={PROFILE_LIMITS.nameMax + 10}
            required
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => update("lastName", event.currentTarget.value)}
            error={errors.lastName}
            maxLength={PROFILE_LIMITS.nameMax + 10}
            required
          />
        </SimpleGrid>
        <UsernameField
          value={values.username}
          onChange={(username) => update("username", username)}
          availability={availability}
          error={errors.username}
        />
        <Textarea
          label="Bio"
          placeholder="Tell people about your taste"
          autosize
          minRows={3}
          maxRows={6}
          value={values.bio}
          onChange={(event) => update("bio", event.currentTarget.value)}
          // Typing stops at 150; a longer bio written at setup is kept (only deleting shortens it).
          maxLength={PROFILE_LIMITS.bioPanelMax}
          error={errors.bio}
          description={
            <Text span size="xs" c={bioLength > PROFILE_LIMITS.bioPanelMax ? "red" : "dimmed"}>
              {bioLength}/{PROFILE_LIMITS.bioPanelMax} characters
            </Text>
          }
          inputWrapperOrder={["label", "input", "description", "error"]}
          styles={{ description: { textAlign: "right" } }}
        />
        <TextInput
          label="Location"
          placeholder="City, State"
          autoComplete="address-level2"
          value={values.location}
          onChange={(event) => update("location", event.currentTarget.value)}
          error={errors.location}
          maxLength={PROFILE_LIMITS.locationMax + 10}
        />
        <Button type="submit" fullWidth loading={save.isPending} disabled={uploading}>
          Save Changes
        </Button>
      </Stack>
    </form>
  );
}

/** Security settings and Log Out. */
function AccountActions() {
  const { signOut, pending } = useSignOut();
  return (
    <Stack gap="sm">
      <Button
        component={Link}
        to={screenPaths.security}
        variant="default"
        justify="space-between"
        leftSection={<IconShieldLock size={18} aria-hidden />}
        rightSection={<IconChevronRight size={16} aria-hidden />}
        fullWidth
      >
        Security
      </Button>
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
