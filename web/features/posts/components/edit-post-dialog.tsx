import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { PostDto } from "#domain/content.ts";
import { MOBILE_QUERY } from "#web/app/theme.ts";
import { toast } from "#web/lib/toast.ts";
import { PostForm } from "./post-form.tsx";

export interface EditPostDialogProps {
  opened: boolean;
  onClose: () => void;
  post: PostDto;
  onSaved?: (post: PostDto) => void;
}

/** The spec has no post editing text; this follows its review wording. */
const POST_UPDATED = "Post updated successfully!";

/** Edit own post (issue 4): title, content and photos; the restaurant stays. */
export function EditPostDialog({ opened, onClose, post, onSaved }: EditPostDialogProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Edit Post"
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
          post={post}
          onSaved={(saved) => {
            onClose();
            toast.success(POST_UPDATED);
            onSaved?.(saved);
          }}
        />
      )}
    </Modal>
  );
}
