import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Image,
  Progress,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  IconArrowDown,
  IconArrowUp,
  IconPhotoOff,
  IconPhotoPlus,
  IconRefresh,
  IconTrash,
  IconUpload,
  IconX,
} from "@tabler/icons-react";
import { useId, useState } from "react";
import { type FileRejection, useDropzone } from "react-dropzone";
import { PHOTO_LIMITS, photoMessages, uploadFailedMessage } from "#domain/photos-rules.ts";
import { toast } from "#web/lib/toast.ts";
import type { PhotoItem, PhotoUploads } from "#web/lib/use-photo-uploads.ts";
import classes from "./photo-list.module.css";

interface PhotoListProps {
  uploads: PhotoUploads;
  /** "Photos *" for dish reviews (required on create), "Photos" otherwise. */
  required?: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

function rejectionReason(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === "file-too-large") return photoMessages.tooLarge;
  if (code === "file-invalid-type") return photoMessages.invalidType;
  if (code === "too-many-files") return photoMessages.tooMany;
  return rejection.errors[0]?.message ?? "This file cannot be used";
}

/**
 * Photos of a review or post: a drop zone (also a file picker), then one row per photo with a
 * preview, its own upload progress, a description for screen readers, and Move up / Move down /
 * Remove. The first photo is the Main one (shown on cards).
 */
export function PhotoList({ uploads, required = false, error, disabled = false }: PhotoListProps) {
  const { photos } = uploads;
  const labelId = useId();
  const errorId = useId();
  const full = photos.length >= PHOTO_LIMITS.perItemMax;

  return (
    <Stack
      gap={6}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
    >
      <Group justify="space-between" align="baseline">
        <Text component="span" id={labelId} size="sm" fw={500}>
          Photos
          {required && (
            <Text component="span" c="red" aria-hidden>
              {" "}
              *
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {photos.length}/{PHOTO_LIMITS.perItemMax}
        </Text>
      </Group>

      {photos.length > 0 && (
        <ol className={classes.list} aria-label="Selected photos">
          {photos.map((photo, index) => (
            <PhotoRow
              key={photo.key}
              photo={photo}
              index={index}
              count={photos.length}
              uploads={uploads}
              disabled={disabled}
            />
          ))}
        </ol>
      )}

      {!full && (
        <DropZone
          onFiles={uploads.add}
          hasPhotos={photos.length > 0}
          invalid={Boolean(error)}
          disabled={disabled}
        />
      )}

      {error && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface DropZoneProps {
  onFiles: (files: File[]) => void;
  hasPhotos: boolean;
  invalid: boolean;
  disabled: boolean;
}

/**
 * Where photos come in: files dragged from the desktop, or the "Choose photos" button, which
 * opens the system file picker. Images only, each within the size limit; anything else is
 * refused with an error toast naming the file.
 */
function DropZone({ onFiles, hasPhotos, invalid, disabled }: DropZoneProps) {
  const { getRootProps, getInputProps, open, isDragActive, isDragAccept, isDragReject } =
    useDropzone({
      onDropAccepted: onFiles,
      onDropRejected: rejected,
      accept: { "image/*": [] },
      maxSize: PHOTO_LIMITS.maxBytes,
      multiple: true,
      disabled,
      // Only the button opens the picker: a click elsewhere in the zone does nothing, and the
      // zone is no extra, unnamed tab stop in front of the button.
      noClick: true,
      noKeyboard: true,
    });
  const accepting = isDragActive && isDragAccept;
  const refusing = isDragActive && isDragReject;

  return (
    <div
      {...getRootProps({ className: classes.dropzone })}
      data-invalid={invalid || undefined}
      data-accept={accepting || undefined}
      data-reject={refusing || undefined}
    >
      <input {...getInputProps()} />
      <Stack align="center" gap={6} py={hasPhotos ? "xs" : "md"} style={{ pointerEvents: "none" }}>
        {accepting ? (
          <IconUpload size={32} stroke={1.5} aria-hidden />
        ) : refusing ? (
          <IconX size={32} stroke={1.5} aria-hidden />
        ) : (
          <IconPhotoPlus
            size={hasPhotos ? 24 : 32}
            stroke={1.5}
            aria-hidden
            className={classes.dropIcon}
          />
        )}
        <Text size="sm" ta="center" c="dimmed">
          Drag photos here, or
        </Text>
      </Stack>
      <Group justify="center" pb={hasPhotos ? "xs" : "md"}>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPhotoPlus size={16} aria-hidden />}
          onClick={open}
          disabled={disabled}
        >
          {hasPhotos ? "Add more photos" : "Choose photos"}
        </Button>
      </Group>
      <Text size="xs" ta="center" c="dimmed" pb="sm" style={{ pointerEvents: "none" }}>
        Images up to 10MB, at most {PHOTO_LIMITS.perItemMax}
      </Text>
    </div>
  );
}

function rejected(rejections: FileRejection[]) {
  for (const rejection of rejections) {
    toast.error(uploadFailedMessage(rejectionReason(rejection)), rejection.file.name);
  }
}

interface PhotoRowProps {
  photo: PhotoItem;
  index: number;
  count: number;
  uploads: PhotoUploads;
  disabled: boolean;
}

function PhotoRow({ photo, index, count, uploads, disabled }: PhotoRowProps) {
  const number = index + 1;
  const failed = photo.status === "failed";
  const uploading = photo.status === "uploading";
  // A file the browser cannot show (not really an image) gets an icon instead of a broken one.
  const [broken, setBroken] = useState(false);
  return (
    <li className={classes.row} data-failed={failed || undefined}>
      <div className={classes.thumb}>
        {broken ? (
          <span className={classes.noPreview} aria-hidden>
            <IconPhotoOff size={28} stroke={1.5} />
          </span>
        ) : (
          <Image
            src={photo.previewUrl}
            alt=""
            w={88}
            h={88}
            radius="md"
            fit="cover"
            onError={() => setBroken(true)}
          />
        )}
        {index === 0 && (
          <Badge size="xs" className={classes.mainBadge} variant="filled">
            Main
          </Badge>
        )}
      </div>
      <Stack gap={6} className={classes.body}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" fw={600} c={failed ? "red" : "dimmed"} aria-live="polite">
            {failed
              ? "Upload failed"
              : uploading
                ? `Uploading… ${photo.progress}%`
                : photo.status === "waiting"
                  ? `Photo ${number} · Uploads when you're back online`
                  : `Photo ${number}${index === 0 ? " · Main" : ""}`}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Move up" openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={`Move photo ${number} up`}
                disabled={disabled || index === 0}
                onClick={() => uploads.move(photo.key, -1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down" openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={`Move photo ${number} down`}
                disabled={disabled || index === count - 1}
                onClick={() => uploads.move(photo.key, 1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove" openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="md"
                aria-label={`Remove photo ${number}`}
                disabled={disabled}
                onClick={() => uploads.remove(photo.key)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {uploading && (
          <Progress
            value={photo.progress}
            size="sm"
            radius="xl"
            animated
            aria-label={`Photo ${number} upload progress`}
          />
        )}
        {failed && photo.kind === "new" ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="red" lineClamp={2} style={{ flex: 1 }}>
              {photo.error}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconRefresh size={12} aria-hidden />}
              onClick={() => uploads.retry(photo.key)}
              aria-label={`Retry photo ${number}`}
              disabled={disabled}
            >
              Retry
            </Button>
          </Group>
        ) : (
          <TextInput
            size="xs"
            label="Describe this photo"
            placeholder="e.g. Crispy fried chicken with slaw"
            value={photo.alt}
            maxLength={PHOTO_LIMITS.altMax}
            onChange={(event) => uploads.setAlt(photo.key, event.currentTarget.value)}
            disabled={disabled}
            classNames={{ label: classes.altLabel }}
          />
        )}
      </Stack>
    </li>
  );
}
