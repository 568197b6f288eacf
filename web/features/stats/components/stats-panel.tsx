import "@mantine/charts/styles.css";
import { BarChart, type BarChartSeries } from "@mantine/charts";
import {
  Anchor,
  Badge,
  NativeSelect,
  SegmentedControl,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import type { StatsDto, StatsFirstDto } from "#domain/stats.ts";
import { formatSpending, formatStatsMonth, statsMessages } from "#domain/stats-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { formatDate } from "#web/lib/format-date.ts";
import { statsFirstsQuery, statsQuery, useSetStatsVisibility } from "../api/stats-queries.ts";
import classes from "./stats.module.css";
import { StatsSkeleton, type StatsTabProps } from "./stats-skeleton.tsx";

const RECENT = "recent";
const CHART_HEIGHT = 220;

/**
 * A profile's Stats: the period picker, the owner's visibility switch, the totals, four charts
 * (each with its table view), top words, most visited restaurants, favourite dishes and the
 * first-times timeline.
 */
export function StatsPanel({ profileId, isOwn, statsPublic }: StatsTabProps) {
  const [year, setYear] = useState<number | null>(null);
  const stats = useQuery({
    ...statsQuery(profileId, year),
    placeholderData: (previous) => previous,
  });

  return (
    <div className={classes.panel}>
      <div className={classes.controls}>
        <NativeSelect
          label={statsMessages.periodLabel}
          value={year === null ? RECENT : String(year)}
          onChange={(event) =>
            setYear(event.currentTarget.value === RECENT ? null : Number(event.currentTarget.value))
          }
          data={[
            { value: RECENT, label: statsMessages.recentPeriod },
            ...(stats.data?.years ?? []).map((option) => ({
              value: String(option),
              label: String(option),
            })),
          ]}
        />
        {isOwn && <VisibilitySwitch checked={statsPublic} />}
      </div>
      <StatsBody
        profileId={profileId}
        isOwn={isOwn}
        year={year}
        query={stats}
        retry={() => void stats.refetch()}
      />
    </div>
  );
}

function VisibilitySwitch({ checked }: { checked: boolean }) {
  const setVisibility = useSetStatsVisibility();
  return (
    <Switch
      checked={checked}
      onChange={(event) => setVisibility.mutate(event.currentTarget.checked)}
      label={statsMessages.visibilityLabel}
      description={statsMessages.visibilityHint}
    />
  );
}

interface StatsBodyProps {
  profileId: string;
  isOwn: boolean;
  year: number | null;
  query: { data?: StatsDto; isPending: boolean; isError: boolean; isRefetching: boolean };
  retry: () => void;
}

function StatsBody({ profileId, isOwn, year, query, retry }: StatsBodyProps) {
  if (query.isError && !query.data) {
    return (
      <LoadErrorState
        title={statsMessages.loadFailed}
        onRetry={retry}
        retrying={query.isRefetching}
      />
    );
  }
  if (!query.data) return <StatsSkeleton />;
  const stats = query.data;
  if (stats.years.length === 0) {
    return (
      <EmptyState
        icon={<IconChartBar size={28} stroke={1.6} />}
        title={isOwn ? statsMessages.emptyOwn : statsMessages.empty}
      />
    );
  }
  if (stats.totals.reviews === 0) {
    return (
      <>
        <EmptyState
          icon={<IconChartBar size={28} stroke={1.6} />}
          title={statsMessages.emptyPeriod}
        />
        <FirstsTimeline profileId={profileId} year={year} />
      </>
    );
  }
  return (
    <>
      <Totals stats={stats} />
      <div className={classes.sections}>
        <PerMonthSection stats={stats} />
        <RatingsSection stats={stats} />
        <SpendingSection stats={stats} />
        <PlacesSection stats={stats} />
        <WordsSection stats={stats} />
        <TopRestaurantsSection stats={stats} />
        <FavouritesSection stats={stats} />
        <FirstsTimeline profileId={profileId} year={year} />
      </div>
    </>
  );
}

function Totals({ stats }: { stats: StatsDto }) {
  const totals: [string, string][] = [
    [statsMessages.totalReviews, String(stats.totals.reviews)],
    [statsMessages.totalDishes, String(stats.totals.dishes)],
    [statsMessages.totalRestaurants, String(stats.totals.restaurants)],
    [statsMessages.totalSpending, formatSpending(stats.totals.spending)],
    [
      statsMessages.averageRating,
      stats.averageRating === null ? "–" : statsMessages.ratedOf5(stats.averageRating),
    ],
  ];
  return (
    <dl className={classes.totals}>
      {totals.map(([label, value]) => (
        <div key={label} className={classes.total}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface CardProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

function Card({ title, children, action }: CardProps) {
  const headingId = useId();
  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <div className={classes.cardHead}>
        <h3 id={headingId} className={classes.cardTitle}>
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A column of a chart's table view: its header and how a row shows it. */
interface Column<T> {
  header: string;
  cell: (row: T) => string;
}

interface ChartCardProps<T> {
  title: string;
  rows: T[];
  /** The first column names the row (the month, the rating). */
  columns: Column<T>[];
  chart: ReactNode;
}

/**
 * A chart with its table view: "Chart" and "Table" switch between them (a radio group, so
 * arrow keys move it). The drawn chart is one image with a name; the figures are in the table.
 */
function ChartCard<T>({ title, rows, columns, chart }: ChartCardProps<T>) {
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    <Card
      title={title}
      action={
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value === "table" ? "table" : "chart")}
          aria-label={statsMessages.viewLabel(title)}
          data={[
            { value: "chart", label: statsMessages.showChart },
            { value: "table", label: statsMessages.showTable },
          ]}
        />
      }
    >
      {view === "chart" ? (
        <div role="img" aria-label={statsMessages.chartLabel(title)}>
          {chart}
        </div>
      ) : (
        <div className={classes.tableWrap}>
          <Table striped withTableBorder>
            <Table.Caption>
              <VisuallyHidden>{title}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} scope="col">
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // Rows are the period's months or the five ratings, in a fixed order.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                <Table.Tr key={index}>
                  {columns.map((column, columnIndex) =>
                    columnIndex === 0 ? (
                      <Table.Th key={column.header} scope="row" fw={500}>
                        {column.cell(row)}
                      </Table.Th>
                    ) : (
                      <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}

type MonthRow = StatsDto["months"][number] & { label: string };

const monthRows = (stats: StatsDto): MonthRow[] =>
  stats.months.map((month) => ({ ...month, label: formatStatsMonth(month.month) }));

const monthColumn: Column<MonthRow> = { header: statsMessages.month, cell: (row) => row.label };

/** recharts' own keyboard layer is left off: the chart is one image, its table the figures. */
const chartProps = { accessibilityLayer: false } as const;

function MonthChart({
  rows,
  series,
  stacked = false,
  valueFormatter,
}: {
  rows: MonthRow[];
  series: BarChartSeries[];
  stacked?: boolean;
  valueFormatter?: (value: number) => string;
}) {
  return (
    <BarChart
      h={CHART_HEIGHT}
      data={rows}
      dataKey="label"
      series={series}
      type={stacked ? "stacked" : "default"}
      withLegend={series.length > 1}
      valueFormatter={valueFormatter}
      tickLine="none"
      barChartProps={chartProps}
      yAxisProps={{ allowDecimals: false, width: valueFormatter ? 56 : 32 }}
    />
  );
}

function PerMonthSection({ stats }: { stats: StatsDto }) {
  const rows = monthRows(stats);
  return (
    <ChartCard
      title={statsMessages.perMonthTitle}
      rows={rows}
      columns={[
        monthColumn,
        { header: statsMessages.dishes, cell: (row) => String(row.dishes) },
        { header: statsMessages.restaurants, cell: (row) => String(row.restaurants) },
      ]}
      chart={
        <MonthChart
          rows={rows}
          series={[
            { name: "dishes", label: statsMessages.dishes, color: "paprika.6" },
            { name: "restaurants", label: statsMessages.restaurants, color: "teal.6" },
          ]}
        />
      }
    />
  );
}

function SpendingSection({ stats }: { stats: StatsDto }) {
  const rows = monthRows(stats);
  return (
    <ChartCard
      title={statsMessages.spendingTitle}
      rows={rows}
      columns={[
        monthColumn,
        { header: statsMessages.spending, cell: (row) => formatSpending(row.spending) },
      ]}
      chart={
        <MonthChart
          rows={rows}
          series={[{ name: "spending", label: statsMessages.spending, color: "grape.6" }]}
          valueFormatter={formatSpending}
        />
      }
    />
  );
}

function PlacesSection({ stats }: { stats: StatsDto }) {
  const rows = monthRows(stats);
  return (
    <ChartCard
      title={statsMessages.placesTitle}
      rows={rows}
      columns={[
        monthColumn,
        { header: statsMessages.newPlaces, cell: (row) => String(row.newPlaces) },
        { header: statsMessages.returns, cell: (row) => String(row.returns) },
      ]}
      chart={
        <MonthChart
          rows={rows}
          stacked
          series={[
            { name: "newPlaces", label: statsMessages.newPlaces, color: "paprika.6" },
            { name: "returns", label: statsMessages.returns, color: "blue.6" },
          ]}
        />
      }
    />
  );
}

type RatingRow = StatsDto["ratings"][number] & { label: string };

function RatingsSection({ stats }: { stats: StatsDto }) {
  const rows: RatingRow[] = stats.ratings.map((row) => ({
    ...row,
    label: statsMessages.stars(row.rating),
  }));
  return (
    <ChartCard
      title={`${statsMessages.ratingsTitle}${
        stats.averageRating === null ? "" : ` (${statsMessages.ratedOf5(stats.averageRating)})`
      }`}
      rows={rows}
      columns={[
        { header: statsMessages.rating, cell: (row) => row.label },
        { header: statsMessages.count, cell: (row) => String(row.count) },
      ]}
      chart={
        <BarChart
          h={CHART_HEIGHT}
          data={rows}
          dataKey="label"
          series={[{ name: "count", label: statsMessages.count, color: "yellow.6" }]}
          tickLine="none"
          barChartProps={chartProps}
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
      }
    />
  );
}

function WordsSection({ stats }: { stats: StatsDto }) {
  return (
    <Card title={statsMessages.wordsTitle}>
      {stats.topWords.length === 0 ? (
        <Text c="dimmed">{statsMessages.noWords}</Text>
      ) : (
        <ol className={classes.words}>
          {stats.topWords.map(({ word, count }) => (
            <li key={word}>
              <Badge variant="light" size="lg" tt="none">
                {word} · {count}
              </Badge>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function TopRestaurantsSection({ stats }: { stats: StatsDto }) {
  return (
    <Card title={statsMessages.topRestaurantsTitle}>
      <ol className={classes.rankList}>
        {stats.topRestaurants.map(({ restaurant, reviews }) => (
          <li key={restaurant.id} className={classes.rankItem}>
            <Anchor component={Link} underline="always" to={screenPaths.restaurant(restaurant)}>
              {restaurant.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {statsMessages.reviewCount(reviews)}
            </Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function FavouritesSection({ stats }: { stats: StatsDto }) {
  return (
    <Card title={statsMessages.favouritesTitle}>
      <ol className={classes.rankList}>
        {stats.favouriteDishes.map((dish) => (
          <li key={dish.reviewId} className={classes.rankItem}>
            <span>
              <Anchor
                component={Link}
                underline="always"
                to={screenPaths.view("dish", dish.reviewId)}
              >
                {dish.title}
              </Anchor>{" "}
              <Text span size="sm" c="dimmed">
                {dish.restaurant.name}
              </Text>
            </span>
            <Text size="sm" fw={600}>
              {statsMessages.ratedOf5(dish.rating)}
            </Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function FirstsTimeline({ profileId, year }: { profileId: string; year: number | null }) {
  const firsts = useInfiniteQuery(statsFirstsQuery(profileId, year));
  const items = firsts.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode;
  if (firsts.isPending) body = <StatsSkeleton />;
  else if (firsts.isError && items.length === 0) {
    body = (
      <LoadErrorState
        title={statsMessages.loadFailed}
        onRetry={() => void firsts.refetch()}
        retrying={firsts.isRefetching}
      />
    );
  } else if (items.length === 0) body = <Text c="dimmed">{statsMessages.firstsEmpty}</Text>;
  else {
    body = (
      <>
        <ol className={classes.timeline}>
          {items.map((first) => (
            <FirstItem key={`${first.kind}-${first.reviewId}`} first={first} />
          ))}
        </ol>
        <LoadMore
          noun={statsMessages.firstsTitle.toLowerCase()}
          hasNextPage={firsts.hasNextPage}
          isFetchingNextPage={firsts.isFetchingNextPage}
          failed={firsts.isFetchNextPageError}
          onLoadMore={() => void firsts.fetchNextPage()}
        />
      </>
    );
  }
  return <Card title={statsMessages.firstsTitle}>{body}</Card>;
}

function FirstItem({ first }: { first: StatsFirstDto }) {
  const to =
    first.kind === "restaurant"
      ? screenPaths.restaurant(first.restaurant)
      : screenPaths.view(first.reviewType, first.reviewId);
  return (
    <li className={classes.timelineItem}>
      <Text size="sm" fw={600}>
        {first.kind === "dish" ? statsMessages.firstDish : statsMessages.firstRestaurant}
      </Text>
      <Text size="sm" c="dimmed" component="time" dateTime={first.visitedOn}>
        {formatDate(first.visitedOn)}
      </Text>
      <span>
        <Anchor component={Link} underline="always" to={to}>
          {first.title}
        </Anchor>
        {first.kind === "dish" && (
          <Text span size="sm" c="dimmed">
            {" "}
            {first.restaurant.name}
          </Text>
        )}
      </span>
    </li>
  );
}
