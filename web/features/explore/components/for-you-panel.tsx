import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconSparkles, IconThumbDown } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { apiPaths } from "#domain/api-paths.ts";
import type { ForYouDismissalInput, ForYouDto, ForYouItemDto } from "#domain/for-you.ts";
import { forYouMessages, forYouReasonText } from "#domain/for-you-rules.ts";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { exploreKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import classes from "./explore.module.css";

const icon = <IconSparkles size={28} stroke={1.6} />;

/** Explore's For you tab: the signed-in person's picks; visitors are asked to sign in. */
export function ForYouPanel() {
  const { session } = useSession();
  if (session.status !== "signed-in") {
    return (
      <EmptyState
        icon={icon}
        title={forYouMessages.signInRequired}
        action={
          <Button mt="sm" variant="light" component={Link} to={screenPaths.auth}>
            {forYouMessages.signIn}
          </Button>
        }
      />
    );
  }
  return <ForYouList />;
}

/**
 * "Not interested": the card leaves at once (the server's answer would not bring it back), and
 * comes back with an error toast if the server did not take it.
 */
function useDismiss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ForYouItemDto) => {
      const body: ForYouDismissalInput = {
        restaurantId: item.restaurant.id,
        dishName: item.dishName,
      };
      return apiSend<null>("POST", apiPaths.forYouDismissals, body);
    },
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: exploreKeys.forYou });
      const before = queryClient.getQueryData<ForYouDto>(exploreKeys.forYou);
      queryClient.setQueryData<ForYouDto>(
        exploreKeys.forYou,
        (data) => data && { ...data, items: data.items.filter((other) => other.key !== item.key) },
      );
      return { before };
    },
    onError: (_error, _item, context) => {
      if (context?.before) queryClient.setQueryData(exploreKeys.forYou, context.before);
      toast.error(forYouMessages.dismissFailed);
    },
    onSuccess: () => toast.success(forYouMessages.dismissed),
  });
}

function ForYouList() {
  const query = useQuery({
    queryKey: exploreKeys.forYou,
    queryFn: ({ signal }) => apiGet<ForYouDto>(apiPaths.forYou, { signal }),
  });
  const dismiss = useDismiss();
  if (query.isPending) return <Loader size="sm" aria-label={forYouMessages.loading} />;
  if (query.isError) {
    return (
      <EmptyState
        icon={icon}
        title={forYouMessages.loadFailed}
        hint={query.error.message}
        action={
          <Button mt="sm" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const { items, sharpen } = query.data;
  return (
    <Stack gap="md">
      {sharpen && (
        <Alert variant="light" icon={<IconSparkles size={18} aria-hidden />}>
          {forYouMessages.sharpen}
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState icon={icon} title={forYouMessages.empty} />
      ) : (
        <ul className={classes.nearbyList} aria-label={forYouMessages.tab}>
          {items.map((item) => (
            <ForYouRow key={item.key} item={item} onDismiss={() => dismiss.mutate(item)} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

/** The reason, the person in it linked to their profile. */
function Reason({ item }: { item: ForYouItemDto }) {
  const { reason } = item;
  if (reason.kind !== "followedPerson") {
    return (
      <Text size="sm" c="dimmed">
        {forYouReasonText(reason, "")}
      </Text>
    );
  }
  const name = authorDisplayName(reason.person);
  const rest = forYouReasonText(reason, name).slice(name.length);
  return (
    <Text size="sm" c="dimmed">
      <Anchor
        component={Link}
        to={screenPaths.user(authorHandle(reason.person))}
        inherit
        underline="always"
      >
        {name}
      </Anchor>
      {rest}
    </Text>
  );
}

function ForYouRow({ item, onDismiss }: { item: ForYouItemDto; onDismiss: () => void }) {
  const { restaurant } = item;
  const title = item.dishName ?? restaurant.name;
  return (
    <li className={classes.nearbyRow}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={screenPaths.restaurant(restaurant)} fw={600}>
            {title}
          </Anchor>
          {item.dishName !== null && (
            <Text size="sm" lineClamp={1}>
              {restaurant.name}
            </Text>
          )}
          {restaurant.address && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {restaurant.address}
            </Text>
          )}
          <Reason item={item} />
        </Stack>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconThumbDown size={14} aria-hidden />}
          aria-label={`${forYouMessages.notInterested}: ${title}`}
          onClick={onDismiss}
          className={classes.nearbyDistance}
        >
          {forYouMessages.notInterested}
        </Button>
      </Group>
    </li>
  );
}
