import { Alert, Button, Skeleton } from "@mantine/core";
import {
  IconFlag,
  IconMessageCircle,
  IconStar,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AdminStatsDto } from "#domain/moderation.ts";
import { toast } from "#web/lib/toast.ts";
import { adminStatsQuery } from "../api/admin-queries.ts";
import classes from "./admin.module.css";

const CARDS = [
  { key: "totalUsers", label: "Total Users", icon: IconUsers },
  { key: "totalReviews", label: "Total Reviews", icon: IconStar },
  { key: "totalComments", label: "Total Comments", icon: IconMessageCircle },
  { key: "pendingReports", label: "Pending Reports", icon: IconFlag },
] as const satisfies readonly { key: keyof AdminStatsDto; label: string; icon: TablerIcon }[];

/** The platform totals (admins only): exact counts, skeletons while they load. */
export function AdminStats() {
  const stats = useQuery(adminStatsQuery);

  useEffect(() => {
    if (stats.error) toast.error("Error", stats.error.message);
  }, [stats.error]);

  return (
    <section aria-label="Totals">
      <dl className={classes.stats} aria-busy={stats.isPending}>
        {CARDS.map(({ key, label, icon: Icon }) => {
          const value = stats.data?.[key];
          return (
            <div
              key={key}
              className={classes.stat}
              data-attention={
                (key === "pendingReports" && value !== undefined && value > 0) || undefined
              }
            >
              <dt className={classes.statLabel}>
                <Icon size={16} stroke={1.8} aria-hidden />
                {label}
              </dt>
              <dd className={classes.statValue}>
                {value !== undefined ? (
                  value.toLocaleString("en-US")
                ) : stats.isPending ? (
                  <Skeleton height={28} width={72} mt={2} />
                ) : (
                  "–"
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {stats.isError && (
        <Alert color="red" variant="light" radius="md" mt="sm" title="Totals could not be loaded">
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={stats.isFetching}
            onClick={() => void stats.refetch()}
          >
            Retry
          </Button>
        </Alert>
      )}
    </section>
  );
}
