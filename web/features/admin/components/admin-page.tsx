import { Button, Tabs, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft, IconLogout } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { adminMessages } from "#domain/moderation-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { mainContentProps } from "#web/components/skip-link.tsx";
import { useSession } from "#web/lib/session.tsx";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import { ActivityPanel } from "./activity-panel.tsx";
import classes from "./admin.module.css";
import { AdminStats } from "./admin-stats.tsx";
import { ReportsPanel } from "./reports-panel.tsx";
import { TeamPanel } from "./team-panel.tsx";

const TABS = [
  { value: "reports", label: "Reports", adminOnly: false },
  { value: "activity", label: "Activity Log", adminOnly: false },
  { value: "team", label: "Team", adminOnly: true },
] as const;

type AdminTab = (typeof TABS)[number]["value"];

const DEFAULT_TAB: AdminTab = "reports";

/**
 * /admin, for moderators and admins: reports to act on and the Activity Log. Admins also see
 * the platform totals and the Team tab, where they make people moderators. The open tab lives
 * in the address (?tab=, absent for Reports), so reload and back keep it.
 */
export function AdminPage() {
  useDocumentTitle(`${adminMessages.title} · Tasted`);
  const { session, isAdmin } = useSession();
  const { signOut, pending } = useSignOut();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = TABS.filter((tab) => isAdmin || !tab.adminOnly);
  const requested = searchParams.get("tab");
  const open = tabs.find((tab) => tab.value === requested)?.value ?? DEFAULT_TAB;

  const profile = session.status === "signed-in" ? session.profile : null;
  const name = profile?.fullName?.trim() || (profile ? `@${profile.username}` : null);

  function openTab(value: string | null) {
    if (!tabs.some((tab) => tab.value === value)) return;
    setSearchParams(
      (params) => {
        if (value === DEFAULT_TAB || value === null) params.delete("tab");
        else params.set("tab", value);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <main {...mainContentProps} className={classes.page}>
      <header className={classes.header}>
        <div className={classes.headline}>
          <Title order={1} className={classes.title}>
            {adminMessages.title}
          </Title>
          <p className={classes.welcome}>{name ? `Welcome back, ${name}.` : "Welcome back."}</p>
          <p className={classes.roleNote}>
            {isAdmin
              ? "Signed in as an admin: reports, hidden content, totals and the team."
              : "Signed in as a moderator: review reports and hide what breaks the rules."}
          </p>
        </div>
        <div className={classes.headerActions}>
          <Button
            component={Link}
            to={screenPaths.feed}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to Feed
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            loading={pending}
            onClick={() => void signOut()}
          >
            Sign Out
          </Button>
        </div>
      </header>

      {isAdmin && <AdminStats />}

      <Tabs
        value={open}
        onChange={openTab}
        keepMounted={false}
        classNames={{ list: classes.tabList, tab: classes.tab, panel: classes.panel }}
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reports">
          <ReportsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityPanel />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="team">
            <TeamPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </main>
  );
}
