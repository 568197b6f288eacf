import { Button, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import type { PostDto } from "#domain/items.ts";
import { ITEM_LIMITS } from "#domain/items-rules.ts";
import {
  type PostUpdateValues,
  type PostValues,
  postInput,
  postUpdateInput,
} from "#domain/post.ts";
import { postMessages } from "#domain/post-rules.ts";
import type { RestaurantInput } from "#domain/restaurant.ts";
import { PhotoList } from "#web/components/photo-list.tsx";
import { PlaceSearch } from "#web/components/place-search.tsx";
import { useCreateItem, useUpdateItem } from "#web/features/item-data/api/item-queries.ts";
import { MentionInput } from "#web/features/mentions/components/mention-input.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useSignInPrompt } from "#web/lib/sign-in-prompt.ts";
import { toast } from "#web/lib/toast.ts";
import { type FormCheck, usePhotoFormSubmit, withMode } from "#web/lib/use-photo-form-submit.ts";
import { editImageRefs, newImageRefs, usePhotoUploads } from "#web/lib/use-photo-uploads.ts";

interface PostFormProps {
  /** The post being edited; without it the form creates one. */
  post?: PostDto | undefined;
  /** After the server saved it; the caller toasts and moves on. */
  onSaved: (post: PostDto) => void;
}

type PostSubmission =
  | { mode: "create"; input: PostValues }
  | { mode: "edit"; input: PostUpdateValues };

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text component="span" size="xs" c={length > max ? "red" : "dimmed"} display="block" ta="right">
      {length}/{max}
    </Text>
  );
}

/** A post: Title* (at most 200), Content (at most 2000), optional restaurant and photos. */
export function PostForm({ post, onSaved }: PostFormProps) {
  const editing = post !== undefined;
  const promptSignIn = useSignInPrompt();
  const uploads = usePhotoUploads(post?.images);
  const create = useCreateItem("post");
  const update = useUpdateItem("post");
  const [title, setTitle] = useState(post?.title ?? "");
  const [content, setContent] = useState(post?.content ?? "");
  // A post's restaurant is chosen when it is created (the edit request has none).
  const [restaurant, setRestaurant] = useState<RestaurantInput>(() =>
    post?.restaurant
      ? { name: post.restaurant.name, address: post.restaurant.address }
      : { name: "" },
  );

  const form = usePhotoFormSubmit({
    uploads,
    validate: (photos): FormCheck<PostSubmission> =>
      editing
        ? withMode(
            "edit",
            postUpdateInput.safeParse({ title, content, images: editImageRefs(photos) }),
          )
        : withMode(
            "create",
            postInput.safeParse({
              title,
              content,
              // The restaurant is optional: an empty field sends none.
              restaurant: restaurant.name.trim() ? restaurant : null,
              images: newImageRefs(photos),
            }),
          ),
    save: (values) => {
      const saved =
        values.mode === "edit"
          ? update.mutateAsync({ id: post?.id ?? "", input: values.input })
          : create.mutateAsync(values.input);
      return saved.catch((error: unknown) => {
        if (!editing && error instanceof ApiRequestError && error.status === 401) {
          // The session ended while the form was open.
          promptSignIn(postMessages.signInToPost);
        } else {
          toast.error(
            editing ? postMessages.saveFailed : postMessages.createFailed,
            error instanceof Error ? error.message : undefined,
          );
        }
        return null;
      });
    },
    onSaved,
  });
  const { errors, submitting, clearError } = form;

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-busy={submitting}>
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
          description={<Counter length={title.length} max={ITEM_LIMITS.titleMax} />}
          data-autofocus
        />
        <MentionInput
          value={content}
          onValueChange={(next) => {
            setContent(next);
            clearError("content");
          }}
          item={post && { kind: "post", id: post.id }}
        >
          {(field) => (
            <Textarea
              {...field}
              label="Content"
              placeholder="Share a deal, a find or a thought"
              autosize
              minRows={4}
              maxRows={12}
              error={errors.content}
              disabled={submitting}
              inputWrapperOrder={["label", "input", "description", "error"]}
              description={<Counter length={content.length} max={ITEM_LIMITS.bodyMax} />}
            />
          )}
        </MentionInput>
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
