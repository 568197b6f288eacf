import { Modal } from "@mantine/core";
import type { ReviewDto, ReviewType } from "#domain/content.ts";

export interface ReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  mode: "create" | "edit";
  reviewType: ReviewType;
  /** The review being edited (edit mode). */
  review?: ReviewDto;
  /** Called with the saved review once the server has it. */
  onSaved?: (review: ReviewDto) => void;
}

export function reviewDialogTitle(mode: "create" | "edit", reviewType: ReviewType): string {
  if (mode === "edit") return "Edit Review";
  return reviewType === "dish" ? "New Review - Dish" : "New Review - Restaurant";
}

export function ReviewDialog({ opened, onClose, mode, reviewType }: ReviewDialogProps) {
  return <Modal opened={opened} onClose={onClose} title={reviewDialogTitle(mode, reviewType)} />;
}
