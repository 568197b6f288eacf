import type { z } from "zod";
import { toast } from "./toast.ts";

/**
 * Field name → the first message zod gave for it (shown under the field). A field inside a
 * group is also named by its whole path ("schedule.days"), for forms that show a group's fields
 * apart.
 */
export type FieldErrors = Partial<Record<string, string>>;

function issuesByField(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
    if (issue.path.length > 1) errors[issue.path.map(String).join(".")] ??= issue.message;
  }
  return errors;
}

/** The first issue's message, for the "Validation Error" toast. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form";
}

/**
 * Tells the person what is wrong with a form: each field's message at the field (`showErrors`),
 * the first in the "Validation Error" toast, and keyboard focus on the first field in error. The
 * toast is about that field, so it closes as soon as the field is no longer in error: a stale
 * "First name is required" never stays over a form that is now right (docs/decisions/0016).
 */
export function rejectForm(
  form: HTMLElement | null,
  showErrors: (errors: FieldErrors) => void,
  errors: FieldErrors,
  firstMessage: string,
): void {
  showErrors(errors);
  // The toast waits for the field to be focused and in view: where it may show depends on where
  // the field ends up.
  focusFirstInvalid(form, (field) => {
    const toastId = toast.error("Validation Error", firstMessage, { about: field });
    if (field) closeWhenValid(field, toastId);
  });
}

/**
 * Closes the toast once `field` is no longer marked invalid, or no longer there (another choice
 * in the form shows other fields in its place).
 */
function closeWhenValid(field: HTMLElement, toastId: string) {
  const observer = new MutationObserver(() => {
    if (field.isConnected && field.getAttribute("aria-invalid") === "true") return;
    observer.disconnect();
    toast.dismiss(toastId);
  });
  observer.observe(field, { attributes: true, attributeFilter: ["aria-invalid"] });
  observer.observe(field.ownerDocument.body, { childList: true, subtree: true });
}

/** rejectForm with what a schema refused. */
export function rejectInvalidForm(
  form: HTMLElement | null,
  showErrors: (errors: FieldErrors) => void,
  error: z.ZodError,
): void {
  rejectForm(form, showErrors, issuesByField(error), firstIssueMessage(error));
}

/**
 * Moves keyboard focus to the first field Mantine marked invalid, after React has rendered, and
 * brings it towards the middle of the screen, away from the edges where toasts are; `then` gets
 * the field (null when none is marked).
 */
export function focusFirstInvalid(
  form: HTMLElement | null,
  then?: (field: HTMLElement | null) => void,
) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>("[aria-invalid='true']") ?? null;
    if (field) {
      field.focus({ preventScroll: true });
      field.scrollIntoView({ block: "center" });
    }
    then?.(field);
  });
}

/** Focuses the first box of a Mantine PinInput, given its root element (rootRef). */
export function focusPinInput(root: HTMLElement | null) {
  root?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
}
