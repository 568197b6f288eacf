import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportDto, ImportPreviewDto, LatestImportDto } from "#domain/imports.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";

/**
 * Import's addresses. Kept here rather than in domain/api-paths.ts, which is part of the shell
 * every screen loads: screens at their JavaScript ceiling (scripts/bench/web-budgets.ts) must not
 * carry the addresses of a section only Privacy & data shows.
 */
const importPaths = {
  imports: "/api/imports",
  latest: "/api/imports/latest",
  apply: (importId: string) => `/api/imports/${encodeURIComponent(importId)}/apply`,
  undo: (importId: string) => `/api/imports/${encodeURIComponent(importId)}/undo`,
};

/** The caller's newest applied import still in place: what "Undo import" takes back. */
export const latestImportQuery = queryOptions({
  queryKey: ["import", "latest"],
  queryFn: ({ signal }) => apiGet<LatestImportDto>(importPaths.latest, { signal }),
  staleTime: 0,
});

/** Reads a file into a preview; nothing is imported yet. */
export function usePreviewImport() {
  return useMutation({
    // The uploader loads when a file is chosen, not with the page.
    mutationFn: async (file: File) => {
      const { apiUpload } = await import("#web/lib/api-upload.ts");
      return apiUpload<ImportPreviewDto>(importPaths.imports, file);
    },
  });
}

/**
 * Applying or undoing changes reviews, Want to try and every count that reads them, anywhere in
 * the app: everything cached is read again when next shown.
 */
function useImportChange(path: (importId: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => apiSend<ImportDto>("POST", path(importId)),
    onSuccess: async (changed) => {
      queryClient.setQueryData(latestImportQuery.queryKey, {
        import: changed.status === "applied" ? changed : null,
      });
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== latestImportQuery.queryKey[0],
      });
    },
  });
}

export const useApplyImport = () => useImportChange(importPaths.apply);
export const useUndoImport = () => useImportChange(importPaths.undo);
