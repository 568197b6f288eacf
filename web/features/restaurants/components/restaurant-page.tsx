import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconBuildingStore,
  IconCheck,
  IconDirections,
  IconExternalLink,
  IconMapPin,
  IconPhone,
  IconPlus,
  IconStarFilled,
  IconWorld,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { RestaurantDto } from "#domain/restaurant.ts";
import {
  dollarSigns,
  priceLevelLabel,
  restaurantFollowMessages,
  restaurantLocationMessages,
} from "#domain/restaurant-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { BackButton } from "#web/components/back-button.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { OsmAttribution } from "#web/components/osm-attribution.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { RestaurantInitial } from "#web/components/restaurant-initial.tsx";
import surface from "#web/components/surface.module.css";
import { AddToList } from "#web/features/lists/components/add-to-list.tsx";
import { SaveToggle } from "#web/features/want-to-try/components/save-toggle.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import {
  directionsUrl,
  mapsSearchUrl,
  oneDecimal,
  telUrl,
  websiteLabel,
  websiteUrl,
} from "#web/lib/restaurant-links.ts";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { restaurantQuery } from "../api/restaurant-queries.ts";
import { useToggleRestaurantFollow } from "../api/use-toggle-restaurant-follow.ts";
import { FollowedReviews, FollowedSaves } from "./followed-reviews.tsx";
import { LocationEditor } from "./location-editor.tsx";
import classes from "./restaurant-page.module.css";
import { RestaurantTabs } from "./restaurant-tabs.tsx";

/**
 * Restaurant page by UUID (/restaurant/:restaurantId) or slug (/b/r/:slug): details,
 * rating stats, the Follow button (followers hear of its new deals) and its tabs.
 */
export function RestaurantPage() {
  const { restaurantId, slug } = useParams();
  const idOrSlug = restaurantId ?? slug ?? "";
  const query = useQuery({ ...restaurantQuery(idOrSlug), enabled: idOrSlug !== "" });

  const back = <BackButton />;

  if (query.isPending && idOrSlug !== "") {
    return (
      <>
        <PageHeader title="Restaurant" leading={back} />
        <RestaurantSkeleton />
      </>
    );
  }

  const notFound =
    idOrSlug === "" || (query.error instanceof ApiRequestError && query.error.status === 404);
  if (notFound || !query.data) {
    return (
      <>
        <PageHeader title="Restaurant" leading={back} />
        {notFound ? (
          <EmptyState
            icon={<IconBuildingStore size={28} stroke={1.6} />}
            title="Restaurant not found"
            hint="It may have been removed, or the link is mistyped."
            action={
              <Button component={Link} to={screenPaths.explore} variant="light" mt="sm">
                Explore restaurants
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<IconBuildingStore size={28} stroke={1.6} />}
            title="Could not load this restaurant"
            hint={query.error?.message}
            action={
              <Button variant="light" mt="sm" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title={query.data.name} leading={back} />
      <RestaurantDetailsView restaurant={query.data} />
    </>
  );
}

/**
 * Follow / Following, saved: visitors are asked to sign in; the page's cached answer holds the
 * state, changed at once and put back if the server refuses.
 */
function FollowButton({ restaurant }: { restaurant: RestaurantDto }) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(restaurantFollowMessages.signInRequired);
  const toggle = useToggleRestaurantFollow(restaurant.id);
  const following = restaurant.followedByMe === true;

  function onClick() {
    whenSignedIn(() => toggle.mutate(!following));
  }

  return (
    <Button
      variant={following ? "light" : "filled"}
      size="sm"
      leftSection={
        following ? <IconCheck size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />
      }
      aria-pressed={following}
      disabled={session.status === "loading"}
      onClick={onClick}
      className={classes.follow}
    >
      {following ? restaurantFollowMessages.following : restaurantFollowMessages.follow}
    </Button>
  );
}

function RestaurantDetailsView({ restaurant }: { restaurant: RestaurantDto }) {
  const { stats } = restaurant;
  const tier = restaurant.priceLevel;
  const tierLabel = priceLevelLabel(tier);
  const { session } = useSession();
  const signedIn = session.status === "signed-in";
  const directions = directionsUrl(restaurant);
  const pinQuery =
    restaurant.latitude !== null && restaurant.longitude !== null
      ? `${restaurant.latitude},${restaurant.longitude}`
      : null;

  return (
    <Stack gap="lg" p="md">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} className={surface.warmSurface}>
        <div className={classes.heroTop}>
          <Group align="center" wrap="nowrap" gap="md" className={classes.identity}>
            <RestaurantInitial name={restaurant.name} size={56} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h2" className={classes.name}>
                {restaurant.name}
              </Title>
              {tier && tierLabel && (
                <Text size="sm" fw={600} c="paprika" aria-label={`Price: ${tierLabel}`}>
                  {dollarSigns(tier)}{" "}
                  <Text span size="sm" c="dimmed" fw={500}>
                    · {tierLabel}
                  </Text>
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {restaurantFollowMessages.followerCount(restaurant.followerCount)}
              </Text>
            </Stack>
          </Group>
          <div className={classes.heroActions}>
            <SaveToggle
              target={{ kind: "restaurant", restaurantId: restaurant.id }}
              variant="outline"
            />
            <AddToList target={{ kind: "restaurant", id: restaurant.id }} variant="outline" />
            <FollowButton restaurant={restaurant} />
          </div>
        </div>
        {(restaurant.address || directions || restaurant.website || restaurant.phone) && (
          <Stack gap={8} mt="md">
            {(restaurant.address || pinQuery) && (
              <DetailLine icon={<IconMapPin size={16} stroke={1.7} />}>
                <Anchor
                  href={mapsSearchUrl(restaurant.address ?? pinQuery ?? "")}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                >
                  {restaurant.address ?? restaurantLocationMessages.openPin}
                  <span className={classes.srOnly}> (opens Google Maps in a new tab)</span>
                </Anchor>
              </DetailLine>
            )}
            {directions && (
              <DetailLine icon={<IconDirections size={16} stroke={1.7} />}>
                <Anchor href={directions} target="_blank" rel="noopener noreferrer" size="sm">
                  {restaurantLocationMessages.directions}
                  <span className={classes.srOnly}> (opens Google Maps in a new tab)</span>
                </Anchor>
              </DetailLine>
            )}
            {restaurant.website && (
              <DetailLine icon={<IconWorld size={16} stroke={1.7} />}>
                <Anchor
                  href={websiteUrl(restaurant.website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  className={classes.website}
                >
                  {websiteLabel(restaurant.website)}
                  <IconExternalLink size={12} aria-hidden className={classes.externalIcon} />
                  <span className={classes.srOnly}> (opens in a new tab)</span>
                </Anchor>
              </DetailLine>
            )}
            {restaurant.phone && (
              <DetailLine icon={<IconPhone size={16} stroke={1.7} />}>
                <Anchor href={telUrl(restaurant.phone)} size="sm">
                  {restaurant.phone}
                </Anchor>
              </DetailLine>
            )}
            {restaurant.osmCredit && <OsmAttribution />}
          </Stack>
        )}
        {restaurant.canEditLocation && (
          <Group mt="sm">
            <LocationEditor restaurant={restaurant} />
          </Group>
        )}
        {signedIn && <FollowedSaves restaurantId={restaurant.id} className={classes.savedBy} />}
      </Paper>

      <SimpleGrid
        component="ul"
        aria-label="Ratings"
        cols={restaurant.googleRating !== null ? 3 : 2}
        spacing="sm"
        className={classes.stats}
      >
        <StatCard
          label="Dish rating"
          average={stats.dishRating.average}
          count={stats.dishRating.count}
        />
        {restaurant.googleRating !== null && (
          <StatCard label="Google rating" average={restaurant.googleRating} />
        )}
        <StatCard
          label="Restaurant rating"
          average={stats.restaurantRating.average}
          count={stats.restaurantRating.count}
        />
      </SimpleGrid>

      {signedIn && <FollowedReviews restaurantId={restaurant.id} />}

      <RestaurantTabs restaurant={restaurant} />
    </Stack>
  );
}

function DetailLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span className={classes.detailIcon} aria-hidden>
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

interface StatCardProps {
  label: string;
  average: number | null;
  /** How many reviews the average is of; none for Google's rating. */
  count?: number;
}

function StatCard({ label, average, count }: StatCardProps) {
  return (
    <Paper component="li" withBorder radius="lg" p="sm" className={classes.stat}>
      <Text className={classes.statValue}>
        <IconStarFilled size={16} aria-hidden className={classes.star} />
        {average !== null ? oneDecimal(average) : "–"}
      </Text>
      <Text size="xs" c="dimmed" className={classes.statLabel}>
        {label}
      </Text>
      {count !== undefined && (
        <Text size="xs" c="dimmed">
          {count === 1 ? "1 review" : `${count} reviews`}
        </Text>
      )}
    </Paper>
  );
}

function RestaurantSkeleton() {
  return (
    <Stack gap="lg" p="md" aria-busy aria-label="Loading restaurant">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Skeleton height={56} width={56} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={28} width="70%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={14} width="85%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={3} spacing="sm">
        <Skeleton height={84} radius="lg" />
        <Skeleton height={84} radius="lg" />
        <Skeleton height={84} radius="lg" />
      </SimpleGrid>
      <Skeleton height={40} radius="md" />
    </Stack>
  );
}
