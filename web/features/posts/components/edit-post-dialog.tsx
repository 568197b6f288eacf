import type { PostDto } from "#domain/content.ts";
import { FormDialog } from "#web/components/form-dialog.tsx";
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
  return (
    <FormDialog opened={opened} onClose={onClose} title="Edit Post">
      <PostForm
        post={post}
        onSaved={(saved) => {
          onClose();
          toast.success(POST_UPDATED);
          onSaved?.(saved);
        }}
      />
    </FormDialog>
  );
}
