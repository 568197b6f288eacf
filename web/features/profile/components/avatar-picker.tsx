import {
  Avatar,
  Button,
  FileButton,
  Group,
  RingProgress,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconCamera, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { PROFILE_LIMITS, profileMessages } from "#domain/profile-rules.ts";
import { toast } from "#web/lib/toast.ts";
import { uploadAvatar } from "../api/use-save-profile.ts";
import classes from "./avatar-picker.module.css";

interface AvatarPickerProps {
  /** The saved or just-uploaded picture's address. */
  value: string | null;
  onChange: (avatarUrl: string | null) => void;
  /** Letters shown when there is no picture. */
  initials: string;
  onUploadingChange?: (uploading: boolean) => void;
}

/** Letters for the empty avatar: from the name being typed, else the username, else "U". */
export function initialsOf(firstName: string, lastName: string, username: string): string {
  const fromName = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (fromName || username.slice(0, 2) || "U").toUpperCase();
}

/** Images only, under 5 MB, each refusal with its own toast. */
function checkAvatarFile(file: File): boolean {
  if (!file.type.startsWith("image/")) {
    toast.error(profileMessages.avatarInvalidTypeTitle, profileMessages.avatarInvalidType);
    return false;
  }
  if (file.size > PROFILE_LIMITS.avatarMaxBytes) {
    toast.error(profileMessages.avatarTooLargeTitle, profileMessages.avatarTooLarge);
    return false;
  }
  return true;
}

/**
 * Profile picture: choose an image, see it at once, upload it with a progress ring. The address
 * the server returns is only saved with the rest of the form.
 */
export function AvatarPicker({ value, onChange, initials, onUploadingChange }: AvatarPickerProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Lets the same file be chosen again after a failed upload.
  const resetInput = useRef<() => void>(null);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  async function pick(file: File | null) {
    resetInput.current?.();
    if (!file || !checkAvatarFile(file)) return;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const { avatarUrl } = await uploadAvatar(file, setProgress);
      onChange(avatarUrl);
    } catch (error) {
      setPreview(null);
      toast.error(
        "Failed to upload avatar",
        error instanceof Error ? error.message : "Please try another image.",
      );
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  }

  const uploading = progress !== null;
  const shown = preview ?? value;

  return (
    <Stack align="center" gap="xs">
      <FileButton onChange={pick} accept="image/*" disabled={uploading} resetRef={resetInput}>
        {(props) => (
          <button {...props} type="button" className={classes.avatarButton}>
            {/*
              Named by hidden text, not aria-label: the initials are the only visible text, and an
              aria-label that does not contain them fails "label in name" (WCAG 2.5.3).
            */}
            <VisuallyHidden>
              {shown ? "Change profile photo" : "Add a profile photo"}
            </VisuallyHidden>
            <Avatar
              aria-hidden
              src={shown}
              alt=""
              size={104}
              radius={999}
              color="paprika"
              variant="light"
              className={classes.avatar}
            >
              {initials}
            </Avatar>
            {uploading ? (
              <span className={classes.overlay} aria-hidden>
                <RingProgress
                  size={84}
                  thickness={6}
                  roundCaps
                  sections={[{ value: progress, color: "paprika.5" }]}
                  label={
                    <Text ta="center" fw={700} size="sm" c="white">
                      {progress}%
                    </Text>
                  }
                />
              </span>
            ) : (
              <span className={classes.badge} aria-hidden>
                <IconCamera size={16} stroke={2} />
              </span>
            )}
          </button>
        )}
      </FileButton>
      <div aria-live="polite" className={classes.status}>
        {uploading ? (
          <Text size="xs" c="dimmed">
            Uploading… {progress}%
          </Text>
        ) : shown ? (
          <Group gap={4} justify="center">
            <Button
              variant="subtle"
              color="gray"
              size="compact-xs"
              leftSection={<IconTrash size={12} aria-hidden />}
              onClick={() => {
                setPreview(null);
                onChange(null);
              }}
            >
              Remove photo
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            Add a photo (optional, up to 5MB)
          </Text>
        )}
      </div>
    </Stack>
  );
}
