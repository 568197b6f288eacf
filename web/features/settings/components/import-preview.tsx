import { Badge, Button, Group, ScrollArea, Stack, Text, Title } from "@mantine/core";
import {
  type ImportPreviewDto,
  type ImportRowDto,
  importMessages as messages,
} from "#domain/imports.ts";
import { formatDate } from "#web/lib/format-date.ts";

const PREVIEW_TITLE_ID = "import-preview-title";

/** One row of the preview: the place, what it becomes, and whether Tasted knows it already. */
function PreviewRow({ row }: { row: ImportRowDto }) {
  return (
    <Stack component="li" gap={2} py={6}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} lineClamp={1}>
          {row.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {row.existing && (
            <Badge size="sm" variant="dot" color="blue">
              {messages.inTasted}
            </Badge>
          )}
          {row.alreadySaved && (
            <Badge size="sm" variant="default">
              {messages.alreadySaved}
            </Badge>
          )}
          {/* Light paprika and the default look keep their text above 4.5:1 in both schemes. */}
          <Badge size="sm" variant={row.kind === "review" ? "light" : "default"} color="paprika">
            {row.kind === "review" ? messages.kindReview : messages.kindWant}
          </Badge>
        </Group>
      </Group>
      {row.address && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {row.address}
        </Text>
      )}
      {row.rating !== null && (
        <Text size="xs" c="dimmed">
          {messages.rated(row.rating)}
          {row.visitedOn && ` · Visited ${formatDate(row.visitedOn)}`}
        </Text>
      )}
    </Stack>
  );
}

/** The preview of a file read: "n places to import", each row, Import and Cancel. */
export function ImportPreview({
  preview,
  onImport,
  onCancel,
  importing,
}: {
  preview: ImportPreviewDto;
  onImport: () => void;
  onCancel: () => void;
  importing: boolean;
}) {
  const { counts } = preview;
  const more = counts.places - preview.rows.length;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={PREVIEW_TITLE_ID}>
        {messages.placesToImport(counts.places)}
      </Title>
      <Text size="sm" c="dimmed">
        {preview.fileName} · {messages.summary(counts.reviews, counts.want)}
      </Text>
      {counts.existing > 0 && <Text size="sm">{messages.existing(counts.existing)}</Text>}
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: "none" }}
          aria-labelledby={PREVIEW_TITLE_ID}
        >
          {preview.rows.map((row) => (
            <PreviewRow key={row.line} row={row} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {messages.moreRows(more)}
        </Text>
      )}
      <Group gap="sm">
        <Button onClick={onImport} loading={importing}>
          {messages.importButton}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={importing}>
          {messages.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
