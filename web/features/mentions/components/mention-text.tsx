import { Anchor } from "@mantine/core";
import { Fragment } from "react";
import { Link } from "react-router";
import type { MentionDto } from "#domain/items.ts";
import { mentionSegments } from "#domain/mentions-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";

/**
 * A comment's text with each "@handle" the server resolved as a link to that person's profile
 * (where they are now, whatever they are called); other "@"s stay text.
 */
export function MentionText({ text, mentions }: { text: string; mentions: readonly MentionDto[] }) {
  if (mentions.length === 0) return text;
  const byHandle = new Map(mentions.map((mention) => [mention.handle, mention]));
  return mentionSegments(text).map((segment, index) => {
    const mention = segment.handle ? byHandle.get(segment.handle) : undefined;
    // Pieces never move or change within one text: the index is a stable key.
    const key = `${index}`;
    if (!mention) return <Fragment key={key}>{segment.text}</Fragment>;
    return (
      <Anchor key={key} component={Link} to={screenPaths.user(mention.userHandler)} fw={600}>
        {segment.text}
      </Anchor>
    );
  });
}
