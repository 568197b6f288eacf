import { Center, Loader } from "@mantine/core";
import { type ComponentProps, lazy, Suspense } from "react";

/**
 * The list form checks its values with the server's schema, so it brings zod (about 25 kB of
 * gzipped JavaScript): it loads when a list is made or edited, not with every screen that shows
 * "Add to list" or a list (issue 26).
 */
export const loadListForm = () => import("./list-form.tsx");

const ListForm = lazy(async () => ({ default: (await loadListForm()).ListForm }));

/** ListForm, loaded on first use; a spinner holds its place meanwhile. */
export function LazyListForm(props: ComponentProps<typeof ListForm>) {
  return (
    <Suspense
      fallback={
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      }
    >
      <ListForm {...props} />
    </Suspense>
  );
}
