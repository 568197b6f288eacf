import type { PostDto } from "#domain/items.ts";
import { postMessages } from "#domain/post-rules.ts";
import { FormDialog } from "#web/components/form-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { PostForm } from "./post-form.tsx";

export interface EditPostDialogProps {
  opened: boolean;
  onClose: () => void;
  post: PostDto;
  onSaved?: (post: PostDto) => void;
}

/** Edit own post: title, content and photos; the restaurant stays. */
export function EditPostDialog({ opened, onClose, post, onSaved }: EditPostDialogProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Edit Post">
      <PostForm
        post={post}
        onSaved={(saved) => {
          onClose();
          toast.success(postMessages.updated);
          onSaved?.(saved);
        }}
      />
    </FormDialog>
  );
}
