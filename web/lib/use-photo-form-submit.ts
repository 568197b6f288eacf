import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, rejectForm, rejectInvalidForm } from "./form-errors.ts";
import { isOnline } from "./online.ts";
import {
  failedPhotoCount,
  type PhotoItem,
  type PhotoUploads,
  waitingPhotoCount,
} from "./use-photo-uploads.ts";

const FAILED_PHOTOS = "Retry or remove the photos that failed to upload";

/** A schema's verdict on the form: its checked values, or what is wrong. */
export type FormCheck<Values> =
  | { success: true; data: Values }
  | { success: false; error: z.ZodError };

/**
 * Labels a parse result with the form's mode, so one form that creates or edits tells the
 * two kinds of checked values apart when it saves.
 */
export function withMode<M extends string, T>(
  mode: M,
  result: z.ZodSafeParseResult<T>,
): FormCheck<{ mode: M; input: T }> {
  return result.success
    ? { success: true, data: { mode, input: result.data } }
    : { success: false, error: result.error };
}

interface PhotoFormOptions<Values, Saved> {
  uploads: PhotoUploads;
  /** Checks the form with the photos as they stand once every upload has finished. */
  validate: (photos: PhotoItem[]) => FormCheck<Values>;
  /** Sends the checked values; resolves with the saved item, or null after showing a failure. */
  save: (values: Values) => Promise<Saved | null>;
  onSaved: (saved: Saved) => void;
  /**
   * A form that can keep its submission on the device (a review, docs/decisions/0040): called
   * instead of `save` while the device has no network or a photo waits for it. Without it, a
   * photo waiting for the network stops the submit like a failed one.
   */
  wait?: ((values: Values, photos: PhotoItem[]) => Promise<void>) | undefined;
}

/**
 * The submit of a form with photos (reviews and posts). Photos upload as soon as they are
 * added; a submit first waits for the uploads still running, so the checks see the real photo
 * list (finished uploads by their ids), then shows the field errors and the "Validation Error"
 * toast with the first message, or a failed photo's error, or sends the values.
 */
export function usePhotoFormSubmit<Values, Saved>({
  uploads,
  validate,
  save,
  onSaved,
  wait,
}: PhotoFormOptions<Values, Saved>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  function clearError(field: string) {
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  // Like every other field, the photos' error goes once the photos change; the next submit
  // checks them again.
  const photoCount = uploads.photos.length;
  useEffect(() => {
    if (photoCount > 0) setErrors(({ images: _gone, ...rest }) => rest);
  }, [photoCount]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const photos = await uploads.settled();
      const result = validate(photos);
      if (!result.success) {
        rejectInvalidForm(formRef.current, setErrors, result.error);
        return;
      }
      const waiting = waitingPhotoCount(photos);
      if (failedPhotoCount(photos) > 0 || (!wait && waiting > 0)) {
        rejectForm(formRef.current, setErrors, { images: FAILED_PHOTOS }, FAILED_PHOTOS);
        return;
      }
      setErrors({});
      if (wait && (waiting > 0 || !isOnline())) {
        await wait(result.data, photos);
        return;
      }
      const saved = await save(result.data);
      if (saved) onSaved(saved);
    } finally {
      setSubmitting(false);
    }
  }

  return { formRef, errors, submitting, clearError, submit };
}
