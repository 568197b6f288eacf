import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import {
  type DataExportDto,
  isDataExportOpen,
  type LatestDataExport,
} from "#domain/data-export.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";

/** How often an export under way is looked at, so its progress moves on screen. */
const OPEN_EXPORT_POLL_MS = 1000;

/** The newest export of the signed-in person; polled only while it is being built. */
export const latestDataExportQuery = queryOptions({
  queryKey: ["data-export", "latest"],
  queryFn: ({ signal }) => apiGet<LatestDataExport>(apiPaths.latestDataExport, { signal }),
  staleTime: 0,
  refetchInterval: (query) => {
    const current = query.state.data?.export;
    return current && isDataExportOpen(current.status) ? OPEN_EXPORT_POLL_MS : false;
  },
});

/** Starts an export (or gets the one under way) and shows it at once. */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<DataExportDto>("POST", apiPaths.dataExports),
    onSuccess: (started) => {
      queryClient.setQueryData(latestDataExportQuery.queryKey, { export: started });
    },
  });
}
