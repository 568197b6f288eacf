import { Loader, Text, TextInput, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconHelpCircle, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { usernameInput } from "#domain/profile.ts";
import { PROFILE_LIMITS, profileMessages } from "#domain/profile-rules.ts";
import type { UsernameAvailability } from "../api/use-username-availability.ts";

const AVAILABILITY: Record<
  Exclude<UsernameAvailability, "idle">,
  { text: string; color: string; icon: ReactNode }
> = {
  checking: { text: "Checking availability…", color: "dimmed", icon: <Loader size={16} /> },
  available: {
    text: "Username is available",
    // teal.6 is about 3:1 on white; these keep the message above 4.5:1 in both schemes.
    color: "light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))",
    icon: (
      <ThemeIcon size={20} radius="xl" color="teal" variant="light">
        <IconCheck size={14} stroke={2.5} />
      </ThemeIcon>
    ),
  },
  taken: {
    text: profileMessages.usernameTaken,
    color: "red",
    icon: (
      <ThemeIcon size={20} radius="xl" color="red" variant="light">
        <IconX size={14} stroke={2.5} />
      </ThemeIcon>
    ),
  },
  own: {
    text: "This is your username",
    color: "dimmed",
    icon: null,
  },
  unknown: {
    text: "Couldn't check availability right now",
    color: "dimmed",
    icon: <IconHelpCircle size={18} stroke={1.8} color="var(--mantine-color-dimmed)" />,
  },
};

interface UsernameFieldProps {
  value: string;
  /** Receives what was typed, already lower case. */
  onChange: (username: string) => void;
  /** The live check's answer (useUsernameAvailability). */
  availability: UsernameAvailability;
  /** A message from the last submit or the server, shown before the live ones. */
  error?: string;
}

/**
 * The username box of every profile form: typed lower case, characters it can never contain
 * flagged while typing, and the live availability check beside it and announced.
 */
export function UsernameField({ value, onChange, availability, error }: UsernameFieldProps) {
  const typed = value.trim();
  const formatError =
    typed !== "" &&
    usernameInput
      .safeParse(typed)
      .error?.issues.some((issue) => issue.message === profileMessages.usernameFormat)
      ? profileMessages.usernameFormat
      : undefined;
  const shownError =
    error ?? formatError ?? (availability === "taken" ? profileMessages.usernameTaken : undefined);
  const status = availability === "idle" || formatError ? null : AVAILABILITY[availability];

  return (
    <>
      <TextInput
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="jamie_eats"
        leftSection={
          <Text c="dimmed" size="sm" aria-hidden>
            @
          </Text>
        }
        rightSection={status?.icon}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.toLowerCase())}
        error={shownError}
        description={
          !shownError && status ? (
            <Text span size="xs" c={status.color}>
              {status.text}
            </Text>
          ) : (
            "3–30 characters: letters, numbers and underscores"
          )
        }
        inputWrapperOrder={["label", "input", "description", "error"]}
        maxLength={PROFILE_LIMITS.usernameMax + 10}
        required
      />
      <VisuallyHidden aria-live="polite">{status?.text ?? ""}</VisuallyHidden>
    </>
  );
}
