import { Alert, Button, Group, Skeleton, Text, VisuallyHidden } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import { type ImportPreviewDto, importMessages as messages } from "#domain/imports.ts";
import { toast } from "#web/lib/toast.ts";
import {
  latestImportQuery,
  useApplyImport,
  usePreviewImport,
  useUndoImport,
} from "../api/import-queries.ts";
import { SecuritySection } from "./security-section.tsx";

const TITLE_ID = "import-title";

// Only someone who chose a file needs the preview's list, badges and dates.
const ImportPreview = lazy(() =>
  import("./import-preview.tsx").then((module) => ({ default: module.ImportPreview })),
);

/** The file types the picker offers: CSV and Takeout's GeoJSON (saved as .json). */
const ACCEPT = ".csv,.json,.geojson,text/csv,application/json,application/geo+json";

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * "Import" on /settings/privacy (docs/decisions/0031): choose a CSV or a Takeout Saved places
 * file, see the preview ("n places to import", what each row becomes, which places Tasted
 * knows), then Import; the newest import still in place can be undone.
 */
export function ImportSection() {
  const latest = useQuery(latestImportQuery);
  const read = usePreviewImport();
  const apply = useApplyImport();
  const undo = useUndoImport();
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const current = latest.data?.import ?? null;

  async function choose(file: File | undefined) {
    if (!file) return;
    setPreview(null);
    apply.reset();
    try {
      setPreview(await read.mutateAsync(file));
    } catch {
      // Shown in the section, naming the line: the person fixes the file and chooses it again.
    }
  }

  async function runImport() {
    if (!preview) return;
    try {
      const applied = await apply.mutateAsync(preview.id);
      setPreview(null);
      toast.success(messages.imported(applied.added.reviews + applied.added.want));
    } catch (error) {
      toast.error(messages.importFailed, errorText(error));
    }
  }

  async function runUndo() {
    if (!current) return;
    try {
      await undo.mutateAsync(current.id);
      toast.success(messages.undone);
    } catch (error) {
      toast.error(messages.undoFailed, errorText(error));
    }
  }

  return (
    <SecuritySection titleId={TITLE_ID} title={messages.title} intro={messages.intro} gap="sm">
      <VisuallyHidden role="status" aria-live="polite">
        {read.isPending
          ? messages.reading
          : preview
            ? messages.placesToImport(preview.counts.places)
            : ""}
      </VisuallyHidden>

      {current && !preview && (
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {messages.imported(current.added.reviews + current.added.want)} · {current.fileName}
          </Text>
          <Button variant="default" onClick={runUndo} loading={undo.isPending}>
            {messages.undo}
          </Button>
        </Group>
      )}

      {read.isError && (
        <Alert color="red" variant="light" title={messages.previewFailed} role="alert">
          {read.error.message}
        </Alert>
      )}

      {read.isPending && <Skeleton h={120} radius="md" aria-busy />}

      {preview ? (
        <Suspense fallback={<Skeleton h={120} radius="md" aria-busy />}>
          <ImportPreview
            preview={preview}
            importing={apply.isPending}
            onImport={runImport}
            onCancel={() => setPreview(null)}
          />
        </Suspense>
      ) : (
        <Group>
          {/* A plain input rather than Mantine's FileButton: that one would become a chunk of its
              own, which the profile page (its other user) pays for on its first load. */}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Emptied, so choosing the same file again (after fixing it) is a change too.
              event.currentTarget.value = "";
              void choose(file);
            }}
          />
          <Button
            onClick={() => input.current?.click()}
            variant={current ? "default" : "filled"}
            leftSection={<IconFileImport size={16} aria-hidden />}
            loading={read.isPending}
          >
            {messages.chooseFile}
          </Button>
        </Group>
      )}
    </SecuritySection>
  );
}
