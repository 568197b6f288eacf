import { ActionIcon } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";

/**
 * Goes back one page, or to the feed when this is the tab's first page (a shared link opened
 * straight here has nowhere to go back to).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === "default") navigate(screenPaths.feed, { replace: true });
    else navigate(-1);
  }, [key, navigate]);
}

/** The back arrow at the start of a page header. */
export function BackButton() {
  const goBack = useGoBack();
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Back" onClick={goBack}>
      <IconArrowLeft size={20} />
    </ActionIcon>
  );
}
