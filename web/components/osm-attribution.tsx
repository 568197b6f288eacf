import { Anchor, Text } from "@mantine/core";
import type { MouseEventHandler } from "react";
import { OSM_COPYRIGHT_URL, placeMessages } from "#domain/places-rules.ts";

/**
 * "© OpenStreetMap contributors", linked to OSM's copyright page: its licence (ODbL) asks for
 * this credit wherever its data is shown (place suggestions, a place's address).
 */
export function OsmAttribution({
  className,
  onMouseDown,
}: {
  className?: string;
  /** A combobox keeps its field's focus when its credit is pressed. */
  onMouseDown?: MouseEventHandler;
}) {
  return (
    <Text size="xs" c="dimmed" className={className} onMouseDown={onMouseDown}>
      ©{" "}
      <Anchor href={OSM_COPYRIGHT_URL} target="_blank" rel="noopener noreferrer" inherit>
        {placeMessages.osmContributors}
      </Anchor>
    </Text>
  );
}
