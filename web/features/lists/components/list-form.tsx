import { Button, Group, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type CreateListInput, createListInput, type ListVisibility } from "#domain/lists.ts";
import { LIST_LIMITS, listMessages, listVisibilities } from "#domain/lists-rules.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { type FieldErrors, rejectForm, rejectInvalidForm } from "#web/lib/form-errors.ts";

interface ListFormValues {
  name: string;
  description: string;
  visibility: ListVisibility;
}

interface ListFormProps {
  initial?: Partial<ListFormValues>;
  /** Sends the checked values; a refusal's message is shown (under the name, and in a toast). */
  onSubmit: (input: CreateListInput) => Promise<unknown>;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  /** The picker's inline form has no room for the description and the visibility hints. */
  compact?: boolean;
}

/**
 * A list's name, description and visibility (each with what it means), checked with the same
 * schema the server uses before anything is sent. Used to make a list and to edit one.
 */
export function ListForm({
  initial,
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  compact = false,
}: ListFormProps) {
  const [values, setValues] = useState<ListFormValues>({
    name: initial?.name ?? "",
    description: initial?.description ?? "",
    visibility: initial?.visibility ?? "private",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  // Focus moves on to the name: the picker's form replaces the button that opened it, and a
  // dialog's form, loaded on use (lazy-list-form.tsx), may arrive after the dialog's focus trap
  // looked for data-autofocus.
  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  function update<K extends keyof ListFormValues>(field: K, value: ListFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = createListInput.safeParse(values);
    if (!parsed.success) {
      rejectInvalidForm(formRef.current, setErrors, parsed.error);
      return;
    }
    onSubmit(parsed.data).catch((error: unknown) => {
      console.error("List save failed", error);
      const message =
        error instanceof ApiRequestError && error.status < 500
          ? error.message
          : listMessages.updateFailed;
      rejectForm(formRef.current, setErrors, { name: message }, message);
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={nameRef}
          label="Name"
          placeholder="Best ramen in Brooklyn"
          value={values.name}
          onChange={(event) => update("name", event.currentTarget.value)}
          error={errors.name}
          maxLength={LIST_LIMITS.nameMax + 10}
          required
          data-autofocus
        />
        {!compact && (
          <>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxRows={6}
              value={values.description}
              onChange={(event) => update("description", event.currentTarget.value)}
              error={errors.description}
              description={
                <Text span size="xs" c="dimmed">
                  Optional · {values.description.length}/{LIST_LIMITS.descriptionMax} characters
                </Text>
              }
              inputWrapperOrder={["label", "input", "description", "error"]}
              maxLength={LIST_LIMITS.descriptionMax + 10}
            />
            <Radio.Group
              label="Who can see it"
              value={values.visibility}
              onChange={(value) => update("visibility", value as ListVisibility)}
            >
              <Stack gap="sm" mt="xs">
                {listVisibilities.map((visibility) => (
                  <Radio
                    key={visibility}
                    value={visibility}
                    label={listMessages.visibilityLabels[visibility]}
                    description={listMessages.visibilityHints[visibility]}
                    disabled={pending}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
