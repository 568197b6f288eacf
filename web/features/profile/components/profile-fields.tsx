import { SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { type RefObject, useRef, useState } from "react";
import { type ProfileDto, type ProfileSetupValues, profileSetupInput } from "#domain/profile.ts";
import { isTemporaryUsername, PROFILE_LIMITS, profileMessages } from "#domain/profile-rules.ts";
import { type FieldErrors, rejectForm, rejectInvalidForm } from "#web/lib/form-errors.ts";
import {
  type UsernameAvailability,
  useUsernameAvailability,
} from "../api/use-username-availability.ts";
import { AvatarPicker, initialsOf } from "./avatar-picker.tsx";
import { UsernameField } from "./username-field.tsx";

type ProfileField = "firstName" | "lastName" | "username" | "bio" | "location";
type ProfileValues = Record<ProfileField, string>;

export interface ProfileForm {
  values: ProfileValues;
  update(field: ProfileField, value: string): void;
  avatarUrl: string | null;
  setAvatarUrl(url: string | null): void;
  uploading: boolean;
  setUploading(uploading: boolean): void;
  errors: FieldErrors;
  formRef: RefObject<HTMLFormElement | null>;
  availability: UsernameAvailability;
  /**
   * The values to save, or null after showing what is wrong (each field's message, the first in
   * a toast, focus on the first field in error); a username known to be taken is refused here.
   */
  validate(): ProfileSetupValues | null;
  /** Marks the username taken (a 409 from the save). */
  rejectTakenUsername(): void;
  clearErrors(): void;
}

/**
 * The state of a profile form (/setup and the settings panel): the fields start from `profile`,
 * a temporary username starts empty, and the username is checked live against everyone else's.
 */
export function useProfileForm(profile: ProfileDto | null): ProfileForm {
  const ownUsername =
    profile?.username && !isTemporaryUsername(profile.username) ? profile.username : null;
  const [values, setValues] = useState<ProfileValues>(() => ({
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    username: ownUsername ?? "",
    bio: profile?.bio ?? "",
    location: profile?.location ?? "",
  }));
  const [avatarUrl, setAvatarUrl] = useState<string | null>(profile?.avatarUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const availability = useUsernameAvailability(values.username, ownUsername);

  function rejectTakenUsername() {
    const taken = profileMessages.usernameTaken;
    rejectForm(formRef.current, setErrors, { username: taken }, taken);
  }

  return {
    values,
    update(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    avatarUrl,
    setAvatarUrl,
    uploading,
    setUploading,
    errors,
    formRef,
    availability,
    validate() {
      const parsed = profileSetupInput.safeParse({ ...values, avatarUrl });
      if (!parsed.success) {
        rejectInvalidForm(formRef.current, setErrors, parsed.error);
        return null;
      }
      if (availability === "taken") {
        rejectTakenUsername();
        return null;
      }
      setErrors({});
      return parsed.data;
    },
    rejectTakenUsername,
    clearErrors: () => setErrors({}),
  };
}

interface ProfileFieldsProps {
  form: ProfileForm;
  /** Called with a newly uploaded picture's address (or null when removed). */
  onAvatarChange?: (url: string | null) => void;
  /**
   * Where the bio counter stops: /setup allows the full 500, the settings panel counts to 150
   * and stops typing there (a longer bio from setup is kept; only deleting shortens it).
   */
  bioLimit: number;
  bioPlaceholder: string;
  withLocation?: boolean;
}

/** Photo, first and last name, username (checked live), bio with its counter, and location. */
export function ProfileFields({
  form,
  onAvatarChange,
  bioLimit,
  bioPlaceholder,
  withLocation = false,
}: ProfileFieldsProps) {
  const { values, update, errors } = form;
  const bioLength = values.bio.length;
  return (
    <>
      <AvatarPicker
        value={form.avatarUrl}
        onChange={(url) => {
          form.setAvatarUrl(url);
          onAvatarChange?.(url);
        }}
        initials={initialsOf(values.firstName, values.lastName, values.username)}
        onUploadingChange={form.setUploading}
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
        availability={form.availability}
        error={errors.username}
      />
      <Textarea
        label="Bio"
        placeholder={bioPlaceholder}
        autosize
        minRows={3}
        maxRows={6}
        value={values.bio}
        onChange={(event) => update("bio", event.currentTarget.value)}
        maxLength={bioLimit < PROFILE_LIMITS.bioMax ? bioLimit : undefined}
        error={errors.bio}
        description={
          <Text span size="xs" c={bioLength > bioLimit ? "red" : "dimmed"}>
            {bioLength}/{bioLimit} characters
          </Text>
        }
        inputWrapperOrder={["label", "input", "description", "error"]}
        styles={{ description: { textAlign: "right" } }}
      />
      {withLocation && (
        <TextInput
          label="Location"
          placeholder="City, State"
          autoComplete="address-level2"
          value={values.location}
          onChange={(event) => update("location", event.currentTarget.value)}
          error={errors.location}
          maxLength={PROFILE_LIMITS.locationMax + 10}
        />
      )}
    </>
  );
}
