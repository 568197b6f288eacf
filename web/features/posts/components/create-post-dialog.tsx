import type { PostDto } from "#domain/items.ts";
import { postMessages } from "#domain/post-rules.ts";
import { FormDialog } from "#web/components/form-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { PostForm } from "./post-form.tsx";

export interface CreatePostDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After "Post created successfully!" (the Add chooser then goes to /feed). */
  onCreated?: (post: PostDto) => void;
}

/** The Add chooser's "Post": the Create Post dialog, full screen on phones. */
export function CreatePostDialog({ opened, onClose, onCreated }: CreatePostDialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Create Post">
      <PostForm
        onSaved={(post) => {
          onClose();
          toast.success(postMessages.created);
          onCreated?.(post);
        }}
      />
    </FormDialog>
  );
}
