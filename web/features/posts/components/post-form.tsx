import { Button, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { PostDto } from "#domain/content.ts";
import {
  CONTENT_LIMITS,
  postInput,
  postUpdateInput,
  type RestaurantInput,
  reviewMessages,
} from "#domain/review.ts";
import { PhotoList } from "#web/components/photo-list.tsx";
import { PlaceSearch } from "#web/components/place-search.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import {
  type FieldErrors,
  firstIssueMessage,
  focusFirstInvalid,
  issuesByField,
} from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import {
  type EditImageRef,
  editImageRefs,
  failedPhotoCount,
  newImageRefs,
  type PhotoItem,
  usePhotoUploads,
} from "#web/lib/use-photo-uploads.ts";
import { useCreatePost, useUpdatePost } from "../api/post-queries.ts";

interface PostFormProps {
  /** The post being edited; without it the form creates one. */
  post?: PostDto | undefined;
  /** After the server saved it; the caller toasts and moves on. */
  onSaved: (post: PostDto) => void;
}

/** Not in the spec, which has no post editing; worded like its review messages. */
const SAVE_FAILED = "Failed to save post";
const FAILED_PHOTOS = "Retry or remove the photos that failed to upload";
const PENDING_UPLOAD_ID = "00000000-0000-4000-8000-000000000000";

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text component="span" size="xs" c={length > max ? "red" : "dimmed"} display="block" ta="right">
      {length}/{max}
    </Text>
  );
}

/** Spec 5 "Post": Title* (≤200), Content (≤2000), optional restaurant and photos. */
export function PostForm({ post, onSaved }: PostFormProps) {
  const editing = post !== undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const uploads = usePhotoUploads(post?.images);
  const create = useCreatePost();
  const update = useUpdatePost();
  const [title, setTitle] = useState(post?.title ?? "");
  const [content, setContent] = useState(post?.content ?? "");
  // A post's restaurant is chosen when it is created (the edit request has none).
  const [restaurant, setRestaurant] = useState<RestaurantInput>(() =>
    post?.restaurant
      ? { name: post.restaurant.name, address: post.restaurant.address }
      : { name: "" },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  function clearError(field: string) {
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  function payload(images: EditImageRef[]) {
    if (editing) return { title, content, images };
    return {
      title,
      content,
      // The restaurant is optional: an empty field sends none.
      restaurant: restaurant.name.trim() ? restaurant : null,
      images,
    };
  }

  function parse(images: EditImageRef[]) {
    return editing
      ? postUpdateInput.safeParse(payload(images))
      : postInput.safeParse(payload(images));
  }

  function check(photos: PhotoItem[]): boolean {
    const pending = photos
      .filter((photo) => !(photo.kind === "new" && photo.status === "failed"))
      .map(
        (photo): EditImageRef =>
          photo.kind === "existing"
            ? { imageId: photo.imageId, alt: photo.alt || null }
            : { uploadId: PENDING_UPLOAD_ID, alt: photo.alt || null },
      );
    const result = parse(pending);
    let fieldErrors: FieldErrors | null = null;
    let first = "";
    if (!result.success) {
      fieldErrors = issuesByField(result.error);
      first = firstIssueMessage(result.error);
    } else if (failedPhotoCount(photos) > 0) {
      fieldErrors = { images: FAILED_PHOTOS };
      first = FAILED_PHOTOS;
    }
    if (!fieldErrors) return true;
    setErrors(fieldErrors);
    toast.error("Validation Error", first);
    focusFirstInvalid(formRef.current);
    return false;
  }

  async function save(photos: PhotoItem[]): Promise<PostDto | null> {
    if (post) {
      const result = postUpdateInput.safeParse(payload(editImageRefs(photos)));
      return result.success ? update.mutateAsync({ id: post.id, input: result.data }) : null;
    }
    const result = postInput.safeParse(payload(newImageRefs(photos)));
    return result.success ? create.mutateAsync(result.data) : null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !check(uploads.photos)) return;
    setErrors({});
    setSubmitting(true);
    try {
      const photos = await uploads.settled();
      if (!check(photos)) return;
      const saved = await save(photos).catch((error: unknown) => {
        if (!editing && error instanceof ApiRequestError && error.status === 401) {
          // The session ended while the form was open.
          toast.signInRequired(reviewMessages.signInToPost, () => navigate("/auth"));
        } else {
          toast.error(
            editing ? SAVE_FAILED : reviewMessages.createPostFailed,
            error instanceof Error ? error.message : undefined,
          );
        }
        return null;
      });
      if (saved) onSaved(saved);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={submitting}>
      <Stack gap="lg">
        <TextInput
          label="Title"
          required
          placeholder="e.g. Half-price tacos every Tuesday"
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            clearError("title");
          }}
          error={errors.title}
          disabled={submitting}
          inputWrapperOrder={["label", "input", "description", "error"]}
          description={<Counter length={title.length} max={CONTENT_LIMITS.titleMax} />}
          data-autofocus
        />
        <Textarea
          label="Content"
          placeholder="Share a deal, a find or a thought"
          autosize
          minRows={4}
          maxRows={12}
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            clearError("content");
          }}
          error={errors.content}
          disabled={submitting}
          inputWrapperOrder={["label", "input", "description", "error"]}
          description={<Counter length={content.length} max={CONTENT_LIMITS.bodyMax} />}
        />
        <PlaceSearch
          label="Restaurant"
          description={editing ? "The restaurant of a post cannot be changed" : "Optional"}
          value={restaurant}
          onChange={(next) => {
            setRestaurant(next);
            clearError("restaurant");
          }}
          error={errors.restaurant}
          disabled={submitting || editing}
        />
        <PhotoList uploads={uploads} error={errors.images} disabled={submitting} />
        <Button type="submit" size="md" fullWidth disabled={submitting}>
          {editing
            ? submitting
              ? "Saving..."
              : "Save Changes"
            : submitting
              ? "Posting..."
              : "Create Post"}
        </Button>
      </Stack>
    </form>
  );
}
