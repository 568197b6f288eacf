import { ActionIcon, Skeleton, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "#web/components/page-header.tsx";

/** "Dish Review" for type food or dish, otherwise "Restaurant Review" (spec 2 "View"). */
export function reviewViewTitle(type: string | undefined): string {
  return type === "food" || type === "dish" ? "Dish Review" : "Restaurant Review";
}

/** /view/{type}/{id}: the single review view; loading it arrives with reviews. */
export function ViewReviewPage() {
  const navigate = useNavigate();
  const { type } = useParams();
  return (
    <>
      <PageHeader
        title={reviewViewTitle(type)}
        leading={
          <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={() => navigate(-1)}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        }
      />
      <Stack p="md" gap="sm" aria-busy>
        <Skeleton height={280} radius="lg" />
        <Skeleton height={24} width="60%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={64} />
      </Stack>
    </>
  );
}
