import { Button, NumberInput, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconStarFilled } from "@tabler/icons-react";
import { useId, useState } from "react";
import type { ReviewDto, ReviewType } from "#domain/items.ts";
import { ITEM_LIMITS } from "#domain/items-rules.ts";
import type { RestaurantInput } from "#domain/restaurant.ts";
import { dollarSigns, priceLevelLabel } from "#domain/restaurant-rules.ts";
import {
  type CreateReviewValues,
  createReviewInput,
  type ReviewUpdateValues,
  reviewUpdateInput,
  visitedNotAfter,
} from "#domain/review.ts";
import { CATEGORY_MAX, localToday, reviewMessages } from "#domain/review-rules.ts";
import { PhotoList } from "#web/components/photo-list.tsx";
import { PlaceSearch } from "#web/components/place-search.tsx";
import { useCreateItem, useUpdateItem } from "#web/features/item-data/api/item-queries.ts";
import { MentionInput } from "#web/features/mentions/components/mention-input.tsx";
import { announceTried } from "#web/features/want-to-try/api/use-want-to-try-mutations.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { requestRanking } from "#web/lib/rank-requests.ts";
import { useSession } from "#web/lib/session.tsx";
import { useSignInPrompt } from "#web/lib/sign-in-prompt.ts";
import { toast } from "#web/lib/toast.ts";
import { type FormCheck, usePhotoFormSubmit, withMode } from "#web/lib/use-photo-form-submit.ts";
import {
  editImageRefs,
  heldPhotos,
  isNetworkError,
  type NewImageRef,
  newImageRefs,
  type PhotoItem,
  usePhotoUploads,
} from "#web/lib/use-photo-uploads.ts";
import {
  dropWaitingReview,
  keepWaitingReview,
  type ReviewFields,
  type WaitingReview,
} from "#web/lib/waiting-reviews.ts";
import { useCategorySuggestions } from "../api/category-suggestions.ts";
import { reviewCreateValues } from "../api/send-waiting-reviews.ts";
import { sendInBackground } from "../api/waiting-reviews.ts";
import { ChoiceRadios, type RadioChoice } from "./choice-radios.tsx";

export interface ReviewFormProps {
  reviewType: ReviewType;
  mode: "create" | "edit";
  /** The review being edited (edit mode). */
  review?: ReviewDto | undefined;
  /** After the server saved it; the caller shows the success toast and moves on. */
  onSaved: (review: ReviewDto) => void;
  /** A new dish review of a visit already written about: its restaurant and date to start from. */
  visit?: Visit | undefined;
  /** A review kept on the device with no network, opened to edit and post (create mode). */
  waiting?: WaitingReview | undefined;
  /**
   * After a new review was kept on the device, waiting for the network (docs/decisions/0040);
   * the form has toasted "Waiting to post".
   */
  onWaiting: () => void;
}

/** Where and when a meal was: what "Add another dish from this visit" carries to the form. */
export interface Visit {
  restaurant: RestaurantInput;
  visitedOn: string;
}

/** The visit of a posted dish review, for the form of the next dish (none for restaurants). */
export function visitOf(review: ReviewDto): Visit | undefined {
  if (review.reviewType !== "dish") return undefined;
  const { name, address } = review.restaurant;
  return { restaurant: { name, address }, visitedOn: review.visitedOn };
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

type ReviewSubmission =
  | { mode: "create"; input: CreateReviewValues }
  | { mode: "edit"; input: ReviewUpdateValues };

function initialRestaurant(review: ReviewDto | undefined): RestaurantInput {
  if (!review) return { name: "" };
  return { name: review.restaurant.name, address: review.restaurant.address };
}

function errorMessage(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/**
 * Stands in, for the schema's checks only, for a photo that uploads when the review is sent
 * (it waits for the network): a dish review needs a photo, and it has one.
 */
const WAITING_UPLOAD_ID = "00000000-0000-4000-8000-000000000000";

function imageRefsToCheck(photos: PhotoItem[]): NewImageRef[] {
  return photos.flatMap((photo) =>
    photo.kind === "new" && photo.status === "waiting"
      ? [{ uploadId: WAITING_UPLOAD_ID, alt: null }]
      : newImageRefs([photo]),
  );
}

/**
 * The dish or restaurant review form, used inline on /post and in the review dialog. Checked
 * with the same zod schemas as the server; photos upload as they are added and the submit
 * waits for them.
 */
export function ReviewForm({
  reviewType,
  mode,
  review,
  onSaved,
  visit,
  waiting,
  onWaiting,
}: ReviewFormProps) {
  const isDish = reviewType === "dish";
  const editing = mode === "edit" && review !== undefined;
  const promptSignIn = useSignInPrompt();
  const { session } = useSession();
  const userId = session.status === "signed-in" ? session.userId : null;
  const uploads = usePhotoUploads(review?.images, waiting?.photos);
  // One key for this submission however often it is sent (docs/decisions/0037).
  const [submissionKey] = useState(() => waiting?.key ?? crypto.randomUUID());
  const create = useCreateItem("review", announceTried, submissionKey);
  const update = useUpdateItem("review");
  const kept = waiting?.fields;

  const [restaurant, setRestaurant] = useState<RestaurantInput>(
    () => kept?.restaurant ?? visit?.restaurant ?? initialRestaurant(review),
  );
  const [title, setTitle] = useState(kept?.title ?? (isDish ? (review?.title ?? "") : ""));
  const [rating, setRating] = useState<number | null>(kept?.rating ?? review?.rating ?? null);
  const [cost, setCost] = useState<number | string>(
    kept?.cost ?? (isDish ? (review?.cost ?? "") : ""),
  );
  const [priceRange, setPriceRange] = useState<number | null>(
    kept?.priceRange ?? (!isDish ? (review?.cost ?? null) : null),
  );
  const [description, setDescription] = useState(kept?.description ?? review?.description ?? "");
  const [visitedOn, setVisitedOn] = useState(
    () => kept?.visitedOn ?? review?.visitedOn ?? visit?.visitedOn ?? localToday(),
  );
  const [category, setCategory] = useState(kept?.category ?? review?.category ?? "");
  const categorySuggestions = useCategorySuggestions(isDish);
  const categoryListId = useId();

  // The values are gathered loosely (rating may be unset, cost is the raw field) and the
  // schemas check them.
  const form = usePhotoFormSubmit({
    uploads,
    validate: (photos): FormCheck<ReviewSubmission> => {
      const notInFuture = visitedNotAfter(localToday());
      if (editing) {
        const fields = { rating: rating ?? undefined, description, visitedOn };
        const images = editImageRefs(photos);
        return withMode(
          "edit",
          reviewUpdateInput
            .superRefine(notInFuture)
            .safeParse(
              isDish
                ? { ...fields, title, cost, category, images }
                : { ...fields, priceRange, images },
            ),
        );
      }
      return withMode(
        "create",
        createReviewInput
          .superRefine(notInFuture)
          .safeParse(reviewCreateValues(fieldsAsWritten(), imageRefsToCheck(photos))),
      );
    },
    save: (values) => {
      if (values.mode === "edit") {
        if (!review) return Promise.resolve(null);
        return update.mutateAsync({ id: review.id, input: values.input }).catch((error) => {
          toast.error(reviewMessages.saveFailed, errorMessage(error));
          return null;
        });
      }
      return create.mutateAsync(values.input).catch(async (error: unknown) => {
        if (isNetworkError(error)) {
          // Sent without a network after all: kept like a review written offline.
          await keepWaiting(await uploads.settled());
        } else if (error instanceof ApiRequestError && error.status === 401) {
          // The session ended while the form was open.
          promptSignIn(reviewMessages.signInToReview);
        } else {
          toast.error(reviewMessages.postFailed, errorMessage(error));
        }
        return null;
      });
    },
    wait: editing ? undefined : (_values, photos) => keepWaiting(photos),
    onSaved: (saved) => {
      if (waiting && userId) void dropWaitingReview(userId, waiting.key);
      // A dish newly in a category holding others of theirs: "How does it compare?" over
      // whatever screen comes next.
      if (!editing || saved.category !== review?.category) requestRanking(saved);
      onSaved(saved);
    },
  });
  const { errors, submitting, clearError } = form;

  function fieldsAsWritten(): ReviewFields {
    const written = { restaurant, rating, description, visitedOn };
    return isDish
      ? { ...written, reviewType, title, cost, category, priceRange: null }
      : { ...written, reviewType, title: "", cost: "", category: "", priceRange };
  }

  /** Keeps the review on the device until the network is back (docs/decisions/0040). */
  async function keepWaiting(photos: PhotoItem[]) {
    if (!userId) return;
    const kept: WaitingReview = {
      key: submissionKey,
      fields: fieldsAsWritten(),
      photos: heldPhotos(photos),
      refusal: null,
    };
    try {
      await keepWaitingReview(userId, kept);
    } catch (error) {
      toast.error(reviewMessages.postFailed, errorMessage(error));
      return;
    }
    void sendInBackground(userId);
    toast.success(reviewMessages.waitingToPost, reviewMessages.waitingHint);
    onWaiting();
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

  const visitedField = (
    <TextInput
      type="date"
      label="Date visited"
      required
      value={visitedOn}
      max={localToday()}
      onChange={(event) => {
        setVisitedOn(event.currentTarget.value);
        clearError("visitedOn");
      }}
      error={errors.visitedOn}
      disabled={submitting}
    />
  );

  const descriptionLength = description.length;
  const descriptionField = (
    <MentionInput
      value={description}
      onValueChange={(next) => {
        setDescription(next);
        clearError("description");
      }}
      item={review && { kind: "review", id: review.id }}
    >
      {(field) => (
        <Textarea
          {...field}
          label="Your Experience"
          placeholder={
            isDish ? "How did it taste? Would you order it again?" : "Food, service, atmosphere…"
          }
          autosize
          minRows={3}
          maxRows={10}
          error={errors.description}
          disabled={submitting}
          inputWrapperOrder={["label", "input", "description", "error"]}
          description={
            <Text
              component="span"
              size="xs"
              c={descriptionLength > ITEM_LIMITS.bodyMax ? "red" : "dimmed"}
              display="block"
              ta="right"
            >
              {descriptionLength}/{ITEM_LIMITS.bodyMax}
            </Text>
          }
        />
      )}
    </MentionInput>
  );

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-busy={submitting}>
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
              maxLength={ITEM_LIMITS.titleMax + 50}
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
            {/* The browser's own suggestion list: no combobox code on the form's first load. */}
            <TextInput
              label={reviewMessages.category}
              description="Optional: rank it against your other dishes of the kind"
              inputWrapperOrder={["label", "input", "description", "error"]}
              placeholder={reviewMessages.categoryPlaceholder}
              list={categoryListId}
              autoComplete="off"
              value={category}
              maxLength={CATEGORY_MAX + 10}
              onChange={(event) => {
                setCategory(event.currentTarget.value);
                clearError("category");
              }}
              error={errors.category}
              disabled={submitting}
            />
            <datalist id={categoryListId}>
              {categorySuggestions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            {visitedField}
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
            {visitedField}
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
