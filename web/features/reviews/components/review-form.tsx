import { Button, NumberInput, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { ReviewDto, ReviewType } from "#domain/content.ts";
import {
  CONTENT_LIMITS,
  createReviewInput,
  dollarSigns,
  priceLevelLabel,
  type RestaurantInput,
  type ReviewImageEditInput,
  reviewMessages,
  reviewUpdateInput,
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
  editImageRefs,
  failedPhotoCount,
  newImageRefs,
  type PhotoItem,
  usePhotoUploads,
} from "#web/lib/use-photo-uploads.ts";
import { useCreateReview, useUpdateReview } from "../api/review-queries.ts";
import { ChoiceRadios, type RadioChoice } from "./choice-radios.tsx";

export interface ReviewFormProps {
  reviewType: ReviewType;
  mode: "create" | "edit";
  /** The review being edited (edit mode). */
  review?: ReviewDto | undefined;
  /** After the server saved it; the caller shows the success toast and moves on. */
  onSaved: (review: ReviewDto) => void;
}

const RATING_CHOICES: RadioChoice[] = [1, 2, 3, 4, 5].map((value) => ({
  value,
  label: (
    <>
      {value}
      <IconStarFilled size={13} aria-hidden />
    </>
  ),
  ariaLabel: value === 1 ? "1 star" : `${value} stars`,
}));

const PRICE_CHOICES: RadioChoice[] = [1, 2, 3, 4].map((value) => ({
  value,
  label: dollarSigns(value),
  caption: priceLevelLabel(value) ?? "",
  ariaLabel: `${priceLevelLabel(value)} (${dollarSigns(value)})`,
}));

const FAILED_PHOTOS = "Retry or remove the photos that failed to upload";
/** Stands in for an upload still running while the form is checked before waiting for it. */
const PENDING_UPLOAD_ID = "00000000-0000-4000-8000-000000000000";

function initialRestaurant(review: ReviewDto | undefined): RestaurantInput {
  if (!review) return { name: "" };
  return { name: review.restaurant.name, address: review.restaurant.address };
}

/** Photos as the schema sees them before uploads finish: every photo not failed counts. */
function provisionalRefs(photos: PhotoItem[]): ReviewImageEditInput[] {
  return photos
    .filter((photo) => !(photo.kind === "new" && photo.status === "failed"))
    .map((photo) =>
      photo.kind === "existing"
        ? { imageId: photo.imageId, alt: photo.alt }
        : { uploadId: photo.uploadId ?? PENDING_UPLOAD_ID, alt: photo.alt },
    );
}

/**
 * The dish or restaurant review form (spec 2 "New Review", spec 5), used inline on /post and in
 * the review dialog. Checked with the same zod schemas as the server; photos upload as they are
 * added and the submit waits for them.
 */
export function ReviewForm({ reviewType, mode, review, onSaved }: ReviewFormProps) {
  const isDish = reviewType === "dish";
  const editing = mode === "edit" && review !== undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const uploads = usePhotoUploads(review?.images);
  const create = useCreateReview();
  const update = useUpdateReview();

  const [restaurant, setRestaurant] = useState<RestaurantInput>(() => initialRestaurant(review));
  const [title, setTitle] = useState(isDish ? (review?.title ?? "") : "");
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [cost, setCost] = useState<number | string>(isDish ? (review?.cost ?? "") : "");
  const [priceRange, setPriceRange] = useState<number | null>(
    !isDish ? (review?.cost ?? null) : null,
  );
  const [description, setDescription] = useState(review?.description ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  function clearError(field: string) {
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  // Like every other field, the photos' error goes once the user changes the photos; the next
  // submit checks them again.
  const photoCount = uploads.photos.length;
  useEffect(() => {
    if (photoCount > 0) setErrors(({ images: _gone, ...rest }) => rest);
  }, [photoCount]);

  // Built loosely (rating may be unset, cost is the raw field) and checked by the schemas.
  function createPayload(images: { uploadId: string; alt: string | null }[]): unknown {
    const common = { restaurant, rating: rating ?? undefined, description, images };
    return isDish
      ? { ...common, reviewType: "dish", title, cost }
      : { ...common, reviewType: "restaurant", priceRange };
  }

  function updatePayload(images: ReviewImageEditInput[]): unknown {
    return isDish
      ? { title, rating: rating ?? undefined, cost, description, images }
      : { rating: rating ?? undefined, priceRange, description, images };
  }

  /** Field errors plus the "Validation Error" toast with the first issue (spec 8). */
  function reject(fieldErrors: FieldErrors, first: string) {
    setErrors(fieldErrors);
    toast.error("Validation Error", first);
    focusFirstInvalid(formRef.current);
  }

  function parse(images: ReviewImageEditInput[]) {
    return editing
      ? reviewUpdateInput.safeParse(updatePayload(images))
      : createReviewInput.safeParse(
          createPayload(
            images.map((image) => ({
              uploadId: "uploadId" in image ? image.uploadId : PENDING_UPLOAD_ID,
              alt: image.alt ?? null,
            })),
          ),
        );
  }

  /** Checks the form with the photos as they stand; shows the problems when there are some. */
  function check(photos: PhotoItem[]): boolean {
    const result = parse(provisionalRefs(photos));
    if (!result.success) {
      reject(issuesByField(result.error), firstIssueMessage(result.error));
      return false;
    }
    if (failedPhotoCount(photos) > 0) {
      reject({ images: FAILED_PHOTOS }, FAILED_PHOTOS);
      return false;
    }
    return true;
  }

  async function save(photos: PhotoItem[]): Promise<ReviewDto | null> {
    if (editing) {
      const result = reviewUpdateInput.safeParse(updatePayload(editImageRefs(photos)));
      if (!result.success) return null;
      return update.mutateAsync({ id: review.id, input: result.data }).catch((error: unknown) => {
        toast.error(reviewMessages.saveFailed, error instanceof Error ? error.message : undefined);
        return null;
      });
    }
    const result = createReviewInput.safeParse(createPayload(newImageRefs(photos)));
    if (!result.success) return null;
    return create.mutateAsync(result.data).catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 401) {
        // The session ended while the form was open.
        toast.signInRequired(reviewMessages.signInToReview, () => navigate("/auth"));
      } else {
        toast.error(reviewMessages.postFailed, error instanceof Error ? error.message : undefined);
      }
      return null;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !check(uploads.photos)) return;
    setErrors({});
    setSubmitting(true);
    try {
      // Uploads still running are waited for; a photo that then failed stops the submit.
      const photos = await uploads.settled();
      if (!check(photos)) return;
      const saved = await save(photos);
      if (saved) onSaved(saved);
    } finally {
      setSubmitting(false);
    }
  }

  const restaurantField = (
    <PlaceSearch
      label={isDish ? "Restaurant" : "Restaurant Name"}
      required
      value={restaurant}
      onChange={(next) => {
        setRestaurant(next);
        clearError("restaurant");
      }}
      disabled={editing || submitting}
      error={errors.restaurant}
      description={editing ? "The restaurant of a review cannot be changed" : undefined}
      placeholder={isDish ? "Where did you eat it?" : "Search for a restaurant"}
    />
  );

  const photosField = (
    <PhotoList
      uploads={uploads}
      required={isDish && !editing}
      error={errors.images}
      disabled={submitting}
    />
  );

  const ratingField = (
    <ChoiceRadios
      legend={isDish ? "Rating" : "Overall Rating"}
      required
      choices={RATING_CHOICES}
      value={rating}
      onChange={(value) => {
        setRating(value);
        clearError("rating");
      }}
      error={errors.rating}
      disabled={submitting}
    />
  );

  const descriptionLength = description.length;
  const descriptionField = (
    <Textarea
      label="Your Experience"
      placeholder={
        isDish ? "How did it taste? Would you order it again?" : "Food, service, atmosphere…"
      }
      autosize
      minRows={3}
      maxRows={10}
      value={description}
      onChange={(event) => {
        setDescription(event.currentTarget.value);
        clearError("description");
      }}
      error={errors.description}
      disabled={submitting}
      inputWrapperOrder={["label", "input", "description", "error"]}
      description={
        <Text
          component="span"
          size="xs"
          c={descriptionLength > CONTENT_LIMITS.bodyMax ? "red" : "dimmed"}
          display="block"
          ta="right"
        >
          {descriptionLength}/{CONTENT_LIMITS.bodyMax}
        </Text>
      }
    />
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-busy={submitting}>
      <Stack gap="lg">
        {isDish ? (
          <>
            {restaurantField}
            {photosField}
            <TextInput
              label="Dish Name"
              required
              placeholder="e.g. Spicy tuna roll"
              value={title}
              maxLength={CONTENT_LIMITS.titleMax + 50}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                clearError("title");
              }}
              error={errors.title}
              disabled={submitting}
            />
            {ratingField}
            <NumberInput
              label="Cost"
              placeholder="15.99"
              description="Optional: what you paid"
              inputWrapperOrder={["label", "input", "description", "error"]}
              value={cost}
              onChange={(value) => {
                setCost(value);
                clearError("cost");
              }}
              min={0}
              step={0.01}
              decimalScale={2}
              allowNegative={false}
              hideControls
              inputMode="decimal"
              leftSection={
                <Text size="sm" c="dimmed" aria-hidden>
                  $
                </Text>
              }
              error={errors.cost}
              disabled={submitting}
            />
            {descriptionField}
          </>
        ) : (
          <>
            {photosField}
            {restaurantField}
            {ratingField}
            <ChoiceRadios
              legend="Price Range"
              choices={PRICE_CHOICES}
              value={priceRange}
              onChange={(value) => {
                setPriceRange(value);
                clearError("priceRange");
              }}
              error={errors.priceRange}
              disabled={submitting}
              aside={
                priceRange !== null && (
                  <Button
                    variant="subtle"
                    color="gray"
                    size="compact-xs"
                    onClick={() => setPriceRange(null)}
                    disabled={submitting}
                    aria-label="Clear price range"
                  >
                    Clear
                  </Button>
                )
              }
            />
            {descriptionField}
          </>
        )}
        <Button type="submit" size="md" fullWidth loading={false} disabled={submitting}>
          {editing
            ? submitting
              ? "Updating..."
              : "Update Review"
            : submitting
              ? "Posting..."
              : "Post Review"}
        </Button>
      </Stack>
    </form>
  );
}
