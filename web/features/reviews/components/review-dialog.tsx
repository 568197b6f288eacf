import { useNavigate } from "react-router";
import type { ReviewDto, ReviewType } from "#domain/items.ts";
import { postedMessage, reviewMessages } from "#domain/review-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { FormDialog } from "#web/components/form-dialog.tsx";
import { type ToastOptions, toast } from "#web/lib/toast.ts";
import type { WaitingReview } from "#web/lib/waiting-reviews.ts";
import { ReviewForm, type Visit, visitOf } from "./review-form.tsx";

export interface ReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  mode: "create" | "edit";
  reviewType: ReviewType;
  /** The review being edited (edit mode). */
  review?: ReviewDto | undefined;
  /**
   * Called with the saved review. In create mode the caller then owns the follow-up (the Add
   * chooser toasts "Success!" and goes to /feed); without it the dialog toasts and navigates as
   * /post does. Edit mode always toasts "Review updated successfully!" first.
   */
  onSaved?: (review: ReviewDto) => void;
  /** A review kept on the device with no network, to edit and post (create mode). */
  waiting?: WaitingReview | undefined;
}

export function reviewDialogTitle(mode: "create" | "edit", reviewType: ReviewType): string {
  if (mode === "edit") return "Edit Review";
  return reviewType === "dish" ? "New Review - Dish" : "New Review - Restaurant";
}

/** Where a newly posted review leads: a dish to the own profile, a restaurant to its page. */
export function afterPostPath(review: ReviewDto): string {
  return review.reviewType === "dish"
    ? screenPaths.ownProfile
    : screenPaths.restaurant({ id: review.restaurant.id, slug: null });
}

/**
 * The success toast's "Add another dish from this visit" after a dish review: /post's dish form
 * with the same restaurant and date.
 */
export function anotherDishAction(
  review: ReviewDto,
  navigate: (to: string, options: { state: { kind: "dish"; visit: Visit } }) => void,
): ToastOptions | undefined {
  const visit = visitOf(review);
  if (!visit) return undefined;
  return {
    action: {
      label: reviewMessages.addAnotherDish,
      onClick: () => navigate(screenPaths.newReview, { state: { kind: "dish", visit } }),
    },
  };
}

/**
 * Create or edit a review in a dialog, full screen on phones. The form is mounted
 * only while open, so every opening starts fresh (or from the review being edited).
 */
export function ReviewDialog({
  opened,
  onClose,
  mode,
  reviewType,
  review,
  onSaved,
  waiting,
}: ReviewDialogProps) {
  const navigate = useNavigate();
  const type = review?.reviewType ?? reviewType;

  function saved(result: ReviewDto) {
    onClose();
    if (mode === "edit") {
      toast.success(reviewMessages.reviewUpdated);
      onSaved?.(result);
      return;
    }
    if (onSaved) {
      onSaved(result);
      return;
    }
    toast.success(postedMessage(result.reviewType), undefined, anotherDishAction(result, navigate));
    navigate(afterPostPath(result));
  }

  return (
    <FormDialog opened={opened} onClose={onClose} title={reviewDialogTitle(mode, type)}>
      {(mode === "create" || review) && (
        <ReviewForm
          reviewType={type}
          mode={mode}
          review={mode === "edit" ? review : undefined}
          onSaved={saved}
          waiting={waiting}
          onWaiting={onClose}
        />
      )}
    </FormDialog>
  );
}
