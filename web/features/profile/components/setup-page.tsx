import { Anchor, Button, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  isTemporaryUsername,
  PROFILE_LIMITS,
  profileMessages,
  profileSetupInput,
} from "#domain/profile.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { CenteredCard } from "#web/components/centered-card.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import {
  type FieldErrors,
  focusFirstInvalid,
  rejectForm,
  rejectInvalidForm,
} from "#web/lib/form-errors.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { useSaveProfile } from "../api/use-save-profile.ts";
import { useUsernameAvailability } from "../api/use-username-availability.ts";
import { AvatarPicker, initialsOf } from "./avatar-picker.tsx";
import { UsernameField } from "./username-field.tsx";

type Field = "firstName" | "lastName" | "username" | "bio";

/**
 * /setup "Complete Your Profile": photo, names, a username checked live and
 * a bio. Saving goes to /feed with "Profile created!".
 */
export function SetupPage() {
  const { session } = useSession();
  const profile = session.status === "signed-in" ? session.profile : null;
  const ownUsername =
    profile?.username && !isTemporaryUsername(profile.username) ? profile.username : null;

  const [values, setValues] = useState<Record<Field, string>>(() => ({
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    username: ownUsername ?? "",
    bio: profile?.bio ?? "",
  }));
  const [avatarUrl, setAvatarUrl] = useState<string | null>(profile?.avatarUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const save = useSaveProfile();
  const { signOut, pending: signingOut } = useSignOut();
  const availability = useUsernameAvailability(values.username, ownUsername);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || uploading) return;
    const parsed = profileSetupInput.safeParse({ ...values, avatarUrl });
    if (!parsed.success) {
      rejectInvalidForm(formRef.current, setErrors, parsed.error);
      return;
    }
    if (availability === "taken") {
      const taken = profileMessages.usernameTaken;
      rejectForm(formRef.current, setErrors, { username: taken }, taken);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success("Profile created!");
      navigate(screenPaths.feed, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        setErrors({ username: profileMessages.usernameTaken });
        toast.error("Error", profileMessages.usernameTaken);
        focusFirstInvalid(formRef.current);
        return;
      }
      if (error instanceof ApiRequestError && error.status === 400) {
        toast.error("Validation Error", error.message);
        return;
      }
      toast.error("Error", error instanceof Error ? error.message : "Failed to update profile");
    }
  }

  const bioLength = values.bio.length;
  const footer = (
    <Text c="dimmed" size="xs">
      Not you?{" "}
      <Anchor component="button" type="button" size="xs" onClick={signOut} disabled={signingOut}>
        Log out
      </Anchor>
    </Text>
  );

  return (
    <CenteredCard
      title="Complete Your Profile"
      subtitle="Add a photo, your name and a username so friends can find you."
      maxWidth={520}
      footer={footer}
    >
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Complete your profile">
        <Stack gap="md">
          <AvatarPicker
            value={avatarUrl}
            onChange={setAvatarUrl}
            initials={initialsOf(values.firstName, values.lastName, values.username)}
            onUploadingChange={setUploading}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              placeholder="Jamie"
              value={values.firstName}
              onChange={(event) => update("firstName", event.currentTarget.value)}
              error={errors.firstName}
              maxLength={PROFILE_LIMITS.nameMax + 10}
              required
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              placeholder="Rivera"
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
            placeholder="What do you love to eat? Favourite spots, go-to dishes…"
            autosize
            minRows={3}
            maxRows={6}
            value={values.bio}
            onChange={(event) => update("bio", event.currentTarget.value)}
            error={errors.bio}
            description={
              <Text
                span
                size="xs"
                c={bioLength > PROFILE_LIMITS.bioMax ? "red" : "dimmed"}
                aria-label={`${bioLength} of ${PROFILE_LIMITS.bioMax} characters`}
              >
                {bioLength}/{PROFILE_LIMITS.bioMax}
              </Text>
            }
            inputWrapperOrder={["label", "input", "description", "error"]}
            styles={{ description: { textAlign: "right" } }}
          />
          {uploading && (
            <Text size="xs" c="dimmed" ta="center">
              <IconAlertTriangle size={12} aria-hidden /> Wait for the photo to finish uploading.
            </Text>
          )}
          <Button type="submit" size="md" fullWidth loading={save.isPending} disabled={uploading}>
            Complete profile
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
