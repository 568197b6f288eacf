import { Group } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";

interface StarRatingProps {
  /** 0-5; fractions round to the nearest whole star. */
  value: number;
  size?: number;
}

/** Read-only five stars, read out as "Rated 4 out of 5". */
export function StarRating({ value, size = 16 }: StarRatingProps) {
  const rounded = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={`Rated ${rounded} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) =>
        star <= rounded ? (
          <IconStarFilled
            key={star}
            size={size}
            aria-hidden
            style={{ color: "var(--mantine-color-yellow-5)" }}
          />
        ) : (
          <IconStar
            key={star}
            size={size}
            stroke={1.6}
            aria-hidden
            style={{
              color: "light-dark(var(--mantine-color-gray-4), var(--mantine-color-dark-3))",
            }}
          />
        ),
      )}
    </Group>
  );
}
