import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { PostDto } from "#domain/content.ts";
import { reviewMessages } from "#domain/review.ts";
import { MOBILE_QUERY } from "#web/app/theme.ts";
import { toast } from "#web/lib/toast.ts";
import { PostForm } from "./post-form.tsx";

export interface CreatePostDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After "Post created successfully!" (the Add chooser then goes to /feed). */
  onCreated?: (post: PostDto) => void;
}

/** The Add chooser's "Post" (spec 2): the Create Post dialog, full screen on phones. */
export function CreatePostDialog({ opened, onClose, onCreated }: CreatePostDialogProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create Post"
      fullScreen={isMobile}
      size="lg"
      radius={isMobile ? 0 : "lg"}
      centered={!isMobile}
      closeOnClickOutside={false}
      styles={{
        title: {
          fontFamily: "var(--mantine-font-family-headings)",
          fontWeight: 650,
          fontSize: "var(--mantine-font-size-xl)",
        },
      }}
    >
      {opened && (
        <PostForm
          onSaved={(post) => {
            onClose();
            toast.success(reviewMessages.postCreated);
            onCreated?.(post);
          }}
        />
      )}
    </Modal>
  );
}
