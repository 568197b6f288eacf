import { Anchor, Button, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { PROFILE_LIMITS } from "#domain/profile-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { CenteredCard } from "#web/components/centered-card.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { useSaveProfile } from "../api/use-save-profile.ts";
import { ProfileFields, useProfileForm } from "./profile-fields.tsx";

/**
 * /setup "Complete Your Profile": photo, names, a username checked live and
 * a bio. Saving goes to /feed with "Profile created!".
 */
export function SetupPage() {
  const { session } = useSession();
  const form = useProfileForm(session.status === "signed-in" ? session.profile : null);
  const navigate = useNavigate();
  const save = useSaveProfile();
  const { signOut, pending: signingOut } = useSignOut();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || form.uploading) return;
    const values = form.validate();
    if (!values) return;
    try {
      await save.mutateAsync(values);
      toast.success("Profile created!");
      navigate(screenPaths.feed, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        form.rejectTakenUsername();
        return;
      }
      if (error instanceof ApiRequestError && error.status === 400) {
        toast.error("Validation Error", error.message);
        return;
      }
      toast.error("Error", error instanceof Error ? error.message : "Failed to update profile");
    }
  }

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
      <form ref={form.formRef} onSubmit={submit} noValidate aria-label="Complete your profile">
        <Stack gap="md">
          <ProfileFields
            form={form}
            bioLimit={PROFILE_LIMITS.bioMax}
            bioPlaceholder="What do you love to eat? Favourite spots, go-to dishes…"
          />
          {form.uploading && (
            <Text size="xs" c="dimmed" ta="center">
              <IconAlertTriangle size={12} aria-hidden /> Wait for the photo to finish uploading.
            </Text>
          )}
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={save.isPending}
            disabled={form.uploading}
          >
            Complete profile
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
