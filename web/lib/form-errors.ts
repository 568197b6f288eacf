import type { z } from "zod";
import { toast } from "./toast.ts";

/** Field name → the first message zod gave for it (shown under the field). */
export type FieldErrors = Partial<Record<string, string>>;

function issuesByField(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The first issue's message, for the "Validation Error" toast. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form";
}

/**
 * Tells the person what is wrong with a form: each field's message under it (`showErrors`), the
 * first in the "Validation Error" toast, and keyboard focus on the first field in error.
 */
export function rejectForm(
  form: HTMLElement | null,
  showErrors: (errors: FieldErrors) => void,
  errors: FieldErrors,
  firstMessage: string,
): void {
  showErrors(errors);
  toast.error("Validation Error", firstMessage);
  focusFirstInvalid(form);
}

/** rejectForm with what a schema refused. */
export function rejectInvalidForm(
  form: HTMLElement | null,
  showErrors: (errors: FieldErrors) => void,
  error: z.ZodError,
): void {
  rejectForm(form, showErrors, issuesByField(error), firstIssueMessage(error));
}

/** Moves keyboard focus to the first field Mantine marked invalid, after React has rendered. */
export function focusFirstInvalid(form: HTMLElement | null) {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  });
}

/** Focuses the first box of a Mantine PinInput, given its root element (rootRef). */
export function focusPinInput(root: HTMLElement | null) {
  root?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
}
