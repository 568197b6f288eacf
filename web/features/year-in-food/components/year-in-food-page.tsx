import { ActionIcon, Button, Group, Menu, Skeleton, VisuallyHidden } from "@mantine/core";
import {
  IconCalendarEvent,
  IconDeviceMobileDown,
  IconDownload,
  IconPhotoDown,
  IconShare,
} from "@tabler/icons-react";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { apiPaths } from "#domain/api-paths.ts";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import type { YearInFoodDto } from "#domain/year-in-food.ts";
import { pathYear, yearInFoodMessages } from "#domain/year-in-food-rules.ts";
import { BackButton } from "#web/components/back-button.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { FoodMapView } from "#web/features/food-map/components/food-map-view.tsx";
import { ItemCard } from "#web/features/items/components/item-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { ItemTile } from "#web/features/items/components/item-tile.tsx";
import { useOpenItem } from "#web/features/items/use-open-item.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { yearListQuery, yearQuery } from "../api/year-in-food-queries.ts";
import classes from "./year-in-food.module.css";

const messages = yearInFoodMessages;
const isNotFound = (error: Error | null) =>
  error instanceof ApiRequestError && error.status === 404;

/**
 * /user/:handle/year/:year: a person's recap of one year. `profile` is the person the address
 * names and `notFound` what an unknown handle shows: the profile feature's read and page, which
 * the app's screen passes in.
 */
export function YearInFoodPage({
  profile,
  notFound,
}: {
  profile: UseQueryResult<ProfilePageDto>;
  notFound: ReactNode;
}) {
  const { handle = "", year: rawYear = "" } = useParams();
  const year = pathYear(rawYear);
  const profileId = profile.data?.profile.id ?? "";
  const years = useQuery({ ...yearListQuery(profileId), enabled: profileId !== "" });
  const isOpen = year !== undefined && years.data?.years.includes(year) === true;
  const recap = useQuery({ ...yearQuery(profileId, year ?? 0), enabled: isOpen });

  const owner = profile.data?.profile;
  const title =
    owner && year !== undefined
      ? profile.data?.isOwn
        ? messages.ownTitle(year)
        : messages.title(authorDisplayName(owner), year)
      : messages.entry;
  const frame = (body: ReactNode, actions?: ReactNode) => (
    <div className={classes.screen}>
      <PageHeader title={title} leading={<BackButton />} actions={actions} />
      {body}
    </div>
  );

  if (profile.isError && isNotFound(profile.error)) return frame(notFound);
  // A recap that is not shared, or a year that is not open: the person exists, the year not.
  const unavailable = frame(
    <EmptyState
      icon={<IconCalendarEvent size={28} stroke={1.6} />}
      title={messages.notFound}
      action={
        <Button component={Link} to={screenPaths.user(handle)} mt="sm">
          {messages.backToProfile}
        </Button>
      }
    />,
  );
  if (year === undefined) return unavailable;
  const failed = [profile, years, recap].find((query) => query.isError);
  if (failed) {
    if (isNotFound(failed.error)) return unavailable;
    return frame(
      <LoadErrorState
        title={messages.loadFailed}
        onRetry={() => void failed.refetch()}
        retrying={failed.isRefetching}
      />,
    );
  }
  if (years.data && !isOpen) {
    if (years.data.upcoming?.year === year) {
      return frame(
        <EmptyState
          icon={<IconCalendarEvent size={28} stroke={1.6} />}
          title={messages.notYet(year)}
          hint={messages.notYetHint}
        />,
      );
    }
    return unavailable;
  }
  if (!recap.data || !owner) return frame(<YearSkeleton />);
  return frame(
    <YearRecap recap={recap.data} handle={authorHandle(owner)} />,
    <Group gap="xs" wrap="nowrap">
      <DownloadMenu recap={recap.data} />
      <ShareButton title={title} />
    </Group>,
  );
}

/**
 * One icon for both images, so the title keeps its room on a phone: "Download image" (the
 * share card) and "Download story image" (1080×1920, for apps that take stories).
 */
function DownloadMenu({ recap }: { recap: YearInFoodDto }) {
  const image = (format: "card" | "story", name: string) => ({
    component: "a" as const,
    href: apiPaths.yearCard(recap.person.id, recap.year, format),
    download: name,
  });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="light" radius="xl" size={36} aria-label={messages.download}>
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          {...image("card", `tasted-${recap.year}.png`)}
          leftSection={<IconPhotoDown size={16} aria-hidden />}
        >
          {messages.downloadImage}
        </Menu.Item>
        <Menu.Item
          {...image("story", `tasted-${recap.year}-story.png`)}
          leftSection={<IconDeviceMobileDown size={16} aria-hidden />}
        >
          {messages.downloadStory}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Shares the page's address: the system's share sheet where there is one, else the clipboard. */
function ShareButton({ title }: { title: string }) {
  async function share() {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success(messages.linkCopied);
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error(messages.shareFailed);
    }
  }
  // Named on wider screens; an icon on a phone, where the header's title needs the room.
  return (
    <>
      <ActionIcon
        hiddenFrom="sm"
        variant="light"
        radius="xl"
        size={36}
        aria-label={messages.share}
        title={messages.share}
        onClick={() => void share()}
      >
        <IconShare size={18} aria-hidden />
      </ActionIcon>
      <Button
        visibleFrom="sm"
        variant="light"
        radius="xl"
        leftSection={<IconShare size={18} aria-hidden />}
        onClick={() => void share()}
      >
        {messages.share}
      </Button>
    </>
  );
}

function YearRecap({ recap, handle }: { recap: YearInFoodDto; handle: string }) {
  const shown = recap.mostLiked ? [...recap.topDishes, recap.mostLiked] : recap.topDishes;
  const open = useOpenItem(shown);
  const stats = [
    [recap.counts.reviews, messages.reviews],
    [recap.counts.dishes, messages.dishes],
    [recap.counts.restaurants, messages.restaurants],
    [recap.counts.newPlaces, messages.newPlaces],
  ] as const;
  const allYears = [...recap.years, recap.year].sort((a, b) => b - a);
  return (
    <div className={classes.recap}>
      <section className={classes.hero} aria-labelledby="year-hero">
        <p className={classes.heroYear} id="year-hero">
          {recap.year}
        </p>
        <ul
          className={classes.stats}
          aria-label={messages.cardSubtitle(authorDisplayName(recap.person))}
        >
          {stats.map(([value, label]) => (
            <li key={label} className={classes.stat}>
              <span className={classes.statValue}>{value.toLocaleString("en-US")}</span>{" "}
              <span className={classes.statLabel}>{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={classes.section} aria-labelledby="year-top-dishes">
        <h2 className={classes.sectionTitle} id="year-top-dishes">
          {messages.topDishes}
        </h2>
        {recap.topDishes.length > 0 ? (
          <ol className={classes.dishes}>
            {recap.topDishes.map((dish, index) => (
              <li key={dish.id} className={classes.dish}>
                <span className={classes.rank} aria-hidden>
                  {index + 1}
                </span>
                <ItemTile item={dish} owner="person" onOpen={open.open} />
              </li>
            ))}
          </ol>
        ) : (
          <p className={classes.none}>{messages.noDishes}</p>
        )}
      </section>

      <section className={classes.section} aria-labelledby="year-map">
        <h2 className={classes.sectionTitle} id="year-map">
          {messages.mapTitle}
        </h2>
        <div className={classes.map}>
          <FoodMapView
            title={messages.mapTitle}
            pins={recap.places.map((place) => ({ id: place.restaurant.id, ...place }))}
            emptyText={messages.noReviews}
          />
        </div>
      </section>

      <section className={classes.section} aria-labelledby="year-most-liked">
        <h2 className={classes.sectionTitle} id="year-most-liked">
          {messages.mostLiked}
        </h2>
        {recap.mostLiked ? (
          <ItemCard item={recap.mostLiked} onOpen={open.open} />
        ) : (
          <p className={classes.none}>{messages.noReviews}</p>
        )}
      </section>

      {allYears.length > 1 && (
        <nav className={classes.section} aria-labelledby="year-other-years">
          <h2 className={classes.sectionTitle} id="year-other-years">
            {messages.otherYears}
          </h2>
          <ul className={classes.years}>
            {allYears.map((other) => (
              <li key={other}>
                <Button
                  component={Link}
                  to={screenPaths.userYear(handle, other)}
                  variant={other === recap.year ? "filled" : "default"}
                  radius="xl"
                  aria-current={other === recap.year ? "page" : undefined}
                >
                  {other}
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ItemDetailDialog item={open.selected} onClose={open.close} />
    </div>
  );
}

/** The recap's shape while it loads: the year, four numbers, the dish grid. */
function YearSkeleton() {
  return (
    <div className={classes.recap} aria-busy="true">
      <VisuallyHidden role="status">{messages.loading}</VisuallyHidden>
      <div className={classes.hero}>
        <Skeleton height={96} width="50%" radius="md" />
        <div className={classes.stats}>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={72} radius="md" />
          ))}
        </div>
      </div>
      <div className={classes.dishes}>
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} height={200} radius="md" />
        ))}
      </div>
    </div>
  );
}
