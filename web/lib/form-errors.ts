import type { z } from "zod";

/** Field name → the first message zod gave for it (shown under the field). */
export type FieldErrors = Partial<Record<string, string>>;

export function issuesByField(error: z.ZodError): FieldErrors {
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
