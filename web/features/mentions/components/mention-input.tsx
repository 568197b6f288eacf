import { Combobox, Group, Stack, Text, useCombobox } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactElement,
  useEffect,
  useRef,
  useState,
} from "react";
import type { ItemKind } from "#domain/item-kinds.ts";
import { mentionMessages } from "#domain/mentions-rules.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { mentionSuggestionsQuery } from "../api/mention-queries.ts";

/** "@" and the letters typed so far, right before the caret, at a word's start. */
const TYPING_MENTION = /(?:^|[\s(])@([\p{L}\p{N}_]{0,30})$/u;

/** A text field or area the suggestions work in. */
type MentionElement = HTMLInputElement | HTMLTextAreaElement;

/** What the field rendered by MentionInput's child takes from it. */
interface MentionFieldBindings {
  ref: (element: MentionElement | null) => void;
  value: string;
  autoComplete: "off";
  onChange: (event: ChangeEvent<MentionElement>) => void;
  onKeyDown: (event: KeyboardEvent<MentionElement>) => void;
  onBlur: () => void;
}

interface MentionInputProps {
  value: string;
  onValueChange: (value: string) => void;
  /**
   * The item commented on or edited: only people who may see it are offered. None for a new
   * review or post: the people who may see the writer's items are.
   */
  item?: { kind: ItemKind; id: string };
  /** The field's own keys, after the list's (Escape closes the list first). */
  onKeyDown?: (event: KeyboardEvent<MentionElement>) => void;
  /** Renders the field (a TextInput, a Textarea) with these bindings spread on it. */
  children: (field: MentionFieldBindings) => ReactElement;
}

/**
 * A text field that, while "@" and letters are typed, offers people to mention (those followed
 * first): arrows move through them, Enter or a click puts "@username " in place of what was
 * typed, Escape closes the list. Enter with no list open is the field's (the form's, a new line).
 */
export function MentionInput({
  value,
  onValueChange,
  item,
  onKeyDown,
  children,
}: MentionInputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const input = useRef<MentionElement | null>(null);
  // The "@…" being typed: where it starts and what follows the "@"; null when none is.
  const [typing, setTyping] = useState<{ start: number; q: string } | null>(null);
  const suggestions = useQuery({
    ...mentionSuggestionsQuery(item, typing?.q ?? ""),
    enabled: typing !== null,
  });
  const people = typing ? (suggestions.data?.items ?? []) : [];
  const open = people.length > 0;

  const first = people[0]?.username;
  // A new list opens with its first person chosen, so Enter takes them. On the list's change
  // only: the store is a new object every render, and arrows must not be undone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (first === undefined) {
      combobox.closeDropdown();
      return;
    }
    combobox.openDropdown();
    combobox.selectFirstOption();
  }, [first]);

  function readTyping(text: string, caret: number | null) {
    const match = TYPING_MENTION.exec(text.slice(0, caret ?? text.length));
    setTyping(
      match ? { start: (match.index ?? 0) + match[0].indexOf("@"), q: match[1] ?? "" } : null,
    );
  }

  function choose(username: string) {
    if (!typing) return;
    const end = typing.start + 1 + typing.q.length;
    const inserted = `@${username} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(end);
    onValueChange(next);
    setTyping(null);
    const caret = typing.start + inserted.length;
    requestAnimationFrame(() => input.current?.setSelectionRange(caret, caret));
  }

  function keyDown(event: KeyboardEvent<MentionElement>) {
    // Escape closes the list first; the field's own Escape waits for the next press.
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setTyping(null);
      return;
    }
    onKeyDown?.(event);
  }

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        {children({
          ref: (element) => {
            input.current = element;
          },
          value,
          autoComplete: "off",
          onChange: (event) => {
            onValueChange(event.currentTarget.value);
            readTyping(event.currentTarget.value, event.currentTarget.selectionStart);
          },
          onKeyDown: keyDown,
          onBlur: () => setTyping(null),
        })}
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open}>
        <Combobox.Options aria-label={mentionMessages.suggestionsLabel}>
          {people.map((person) => (
            <Combobox.Option value={person.username} key={person.author.id}>
              <Group gap="sm" wrap="nowrap">
                <UserAvatar
                  avatarUrl={person.author.avatarUrl}
                  username={person.username}
                  size={26}
                />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {person.userName}
                  </Text>
                  {/* Not dimmed: the chosen option's highlight would leave it too faint. */}
                  <Text size="xs" truncate>
                    @{person.username}
                  </Text>
                </Stack>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
