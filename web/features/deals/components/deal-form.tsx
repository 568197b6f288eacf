import {
  Button,
  Checkbox,
  Chip,
  Group,
  Input,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { type DealInput, dealInput } from "#domain/deals.ts";
import { dealMessages } from "#domain/deals-rules.ts";
import type { DealDto } from "#domain/items.ts";
import { ITEM_LIMITS } from "#domain/items-rules.ts";
import type { RestaurantInput } from "#domain/restaurant.ts";
import { PhotoList } from "#web/components/photo-list.tsx";
import { PlaceSearch } from "#web/components/place-search.tsx";
import { useCreateItem } from "#web/features/item-data/api/item-queries.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useSignInPrompt } from "#web/lib/sign-in-prompt.ts";
import { toast } from "#web/lib/toast.ts";
import { usePhotoFormSubmit } from "#web/lib/use-photo-form-submit.ts";
import { newImageRefs, usePhotoUploads } from "#web/lib/use-photo-uploads.ts";

const DAYS = [
  { value: "1", label: "Mon" },
  { value: "2", label: "Tue" },
  { value: "3", label: "Wed" },
  { value: "4", label: "Thu" },
  { value: "5", label: "Fri" },
  { value: "6", label: "Sat" },
  { value: "7", label: "Sun" },
] as const;

type When = "ends" | "weekly";

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text component="span" size="xs" c={length > max ? "red" : "dimmed"} display="block" ta="right">
      {length}/{max}
    </Text>
  );
}

/** A `datetime-local` value (the browser's wall clock) as an instant, or "" when unset. */
function instantOf(local: string): string {
  const millis = Date.parse(local);
  return Number.isNaN(millis) ? local : new Date(millis).toISOString();
}

/**
 * A new deal: Restaurant*, "What's the deal?"* (at most 200), Details (at most 2000), photos,
 * and when it runs: until a date and time, or weekly on some days between two hours (in the
 * restaurant's time; the browser's zone goes along for a place without a position).
 */
export function DealForm({ onSaved }: { onSaved: (deal: DealDto) => void }) {
  const promptSignIn = useSignInPrompt();
  const uploads = usePhotoUploads();
  const create = useCreateItem("deal");
  const [restaurant, setRestaurant] = useState<RestaurantInput>({ name: "" });
  const [title, setTitle] = useState("");
  const [details, setDetails] = useState("");
  const [when, setWhen] = useState<When>("ends");
  const [endsAt, setEndsAt] = useState("");
  const [days, setDays] = useState<string[]>([]);
  const [from, setFrom] = useState("16:00");
  const [to, setTo] = useState("19:00");
  const [lastDay, setLastDay] = useState("");

  const form = usePhotoFormSubmit({
    uploads,
    validate: (photos) =>
      dealInput.safeParse({
        restaurant,
        title,
        details,
        schedule:
          when === "ends"
            ? { kind: "ends", endsAt: instantOf(endsAt) }
            : { kind: "weekly", days: days.map(Number), from, to, lastDay: lastDay || null },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        images: newImageRefs(photos),
      } satisfies DealInput),
    save: (values) =>
      create.mutateAsync(values).catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) {
          promptSignIn("Please sign in to share a deal");
        } else {
          toast.error("Failed to share deal", error instanceof Error ? error.message : undefined);
        }
        return null;
      }),
    onSaved,
  });
  const { errors, submitting, clearError } = form;
  const daysError = errors["schedule.days"];

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-busy={submitting}>
      <Stack gap="lg">
        <PlaceSearch
          label="Restaurant"
          required
          placeholder="Where is the deal?"
          value={restaurant}
          onChange={(next) => {
            setRestaurant(next);
            clearError("restaurant");
          }}
          error={errors.restaurant}
          disabled={submitting}
        />
        <TextInput
          label="What's the deal?"
          required
          placeholder="e.g. Half-price oysters at the bar"
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            clearError("title");
          }}
          error={errors.title}
          disabled={submitting}
          inputWrapperOrder={["label", "input", "description", "error"]}
          description={<Counter length={title.length} max={ITEM_LIMITS.titleMax} />}
        />
        <Textarea
          label="Details"
          placeholder="Conditions, where to ask, what is included"
          autosize
          minRows={3}
          maxRows={10}
          value={details}
          onChange={(event) => {
            setDetails(event.currentTarget.value);
            clearError("details");
          }}
          error={errors.details}
          disabled={submitting}
          inputWrapperOrder={["label", "input", "description", "error"]}
          description={<Counter length={details.length} max={ITEM_LIMITS.bodyMax} />}
        />
        {/* Unchecked, the deal runs until "Ends"; checked, every week on its days. */}
        <Checkbox
          label="Repeats weekly"
          checked={when === "weekly"}
          onChange={(event) => {
            setWhen(event.currentTarget.checked ? "weekly" : "ends");
            clearError("schedule");
          }}
          disabled={submitting}
        />
        {when === "ends" ? (
          <TextInput
            type="datetime-local"
            label="Ends"
            required
            value={endsAt}
            onChange={(event) => {
              setEndsAt(event.currentTarget.value);
              clearError("schedule");
            }}
            error={errors["schedule.endsAt"]}
            disabled={submitting}
          />
        ) : (
          <Stack gap="sm">
            <Stack gap={6}>
              <Text size="sm" fw={500} id="deal-days">
                Days
              </Text>
              <Chip.Group
                multiple
                value={days}
                onChange={(next) => {
                  setDays(next);
                  clearError("schedule");
                }}
              >
                <Group
                  gap={6}
                  role="group"
                  aria-labelledby="deal-days"
                  aria-describedby={daysError ? "deal-days-error" : undefined}
                >
                  {DAYS.map((day) => (
                    <Chip
                      key={day.value}
                      value={day.value}
                      size="sm"
                      disabled={submitting}
                      aria-invalid={daysError ? true : undefined}
                    >
                      {day.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {daysError && <Input.Error id="deal-days-error">{daysError}</Input.Error>}
            </Stack>
            <Group grow align="flex-start">
              <TextInput
                type="time"
                label="From"
                value={from}
                onChange={(event) => {
                  setFrom(event.currentTarget.value);
                  clearError("schedule");
                }}
                error={errors["schedule.from"]}
                disabled={submitting}
              />
              <TextInput
                type="time"
                label="To"
                value={to}
                onChange={(event) => {
                  setTo(event.currentTarget.value);
                  clearError("schedule");
                }}
                error={errors["schedule.to"]}
                disabled={submitting}
              />
            </Group>
            <TextInput
              type="date"
              label="Last day"
              description="Optional: leave empty to repeat every week"
              value={lastDay}
              onChange={(event) => {
                setLastDay(event.currentTarget.value);
                clearError("schedule");
              }}
              error={errors["schedule.lastDay"]}
              disabled={submitting}
            />
          </Stack>
        )}
        <PhotoList uploads={uploads} error={errors.images} disabled={submitting} />
        <Button type="submit" size="md" fullWidth disabled={submitting}>
          {submitting ? "Sharing..." : dealMessages.submit}
        </Button>
      </Stack>
    </form>
  );
}
