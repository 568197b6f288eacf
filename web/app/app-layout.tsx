import { Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import {
  IconBell,
  IconHome,
  IconSearch,
  IconSquareRoundedPlus,
  IconUser,
} from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import type { ReviewDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { formatUnreadBadge } from "#domain/unread-badge.ts";
import { ColorSchemeToggle } from "#web/components/color-scheme-toggle.tsx";
import { OfflineNotice } from "#web/components/offline-notice.tsx";
import { mainContentProps } from "#web/components/skip-link.tsx";
import { useUnreadNotificationCount } from "#web/features/notifications/api/use-unread-notification-count.ts";
import { usePendingRanking } from "#web/lib/rank-requests.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import { type AddChoice, AddChooser } from "./add-chooser.tsx";
import classes from "./app-layout.module.css";
import { useRealtimeUpdates } from "./realtime.ts";
import { UserMenu } from "./user-menu.tsx";

// The Add chooser's dialogs load on first use: they carry the forms, not every page needs them.
// Opening the chooser starts fetching them, so a choice opens its dialog without a wait.
const loadReviewDialog = () => import("#web/features/reviews/components/review-dialog.tsx");
const loadAddDialogs = () => import("./add-dialogs.ts");
// Asked after a dish is ranked: loaded the first time there is something to ask.
const RankQuestionsDialog = lazy(async () => ({
  default: (await import("#web/features/rankings/components/rank-questions.tsx"))
    .RankQuestionsDialog,
}));
const ReviewDialog = lazy(async () => ({ default: (await loadReviewDialog()).ReviewDialog }));
// Signed in: reviews posted with no network, listed and sent from every screen.
const WaitingReviews = lazy(async () => ({
  default: (await import("#web/features/reviews/components/waiting-reviews.tsx")).WaitingReviews,
}));
const CreatePostDialog = lazy(async () => ({
  default: (await loadAddDialogs()).CreatePostDialog,
}));
const CreateDealDialog = lazy(async () => ({
  default: (await loadAddDialogs()).CreateDealDialog,
}));

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  badge?: string | null;
}

/**
 * Frame of every in-app screen: a top bar on desktop and the bottom navigation below
 * 768 px. Feed, Explore, Add, Notifications, Profile; Add and Profile send visitors to /auth.
 */
export function AppLayout() {
  const { session } = useSession();
  useRealtimeUpdates();
  const navigate = useNavigate();
  const [chooserOpened, chooser] = useDisclosure(false);
  // Which dialog the chooser opened; the last review type stays so the dialog can animate out.
  const [dialog, setDialog] = useState<AddChoice | null>(null);
  const [reviewType, setReviewType] = useState<"dish" | "restaurant">("dish");
  // Post and Deal: one chunk (add-dialogs.ts), so both mount once either was chosen.
  const [used, setUsed] = useState<{ review: boolean; post: boolean }>({
    review: false,
    post: false,
  });
  // A tap on Add while the session is still loading is kept and answered once it is known.
  const [addTapped, setAddTapped] = useState(false);
  const unread = useUnreadNotificationCount();
  const signedIn = session.status === "signed-in";
  const ranking = usePendingRanking();

  const items: NavItem[] = [
    { label: "Feed", to: screenPaths.feed, icon: <IconHome size={24} stroke={1.7} /> },
    { label: "Explore", to: screenPaths.explore, icon: <IconSearch size={24} stroke={1.7} /> },
    {
      label: "Notifications",
      to: screenPaths.notifications,
      icon: <IconBell size={24} stroke={1.7} />,
      badge: formatUnreadBadge(unread),
    },
    {
      label: "Profile",
      to: signedIn ? screenPaths.ownProfile : screenPaths.auth,
      icon: <IconUser size={24} stroke={1.7} />,
    },
  ];

  const sessionKnown = session.status !== "loading";
  useEffect(() => {
    if (!addTapped || !sessionKnown) return;
    setAddTapped(false);
    if (!signedIn) {
      navigate(screenPaths.auth);
      return;
    }
    void loadReviewDialog();
    void loadAddDialogs();
    chooser.open();
  }, [addTapped, sessionKnown, signedIn, navigate, chooser]);

  /** Dish and Restaurant open the review dialog, Post the Create Post dialog, Deal New Deal. */
  function choose(choice: AddChoice) {
    chooser.close();
    if (choice === "post" || choice === "deal") {
      setUsed((current) => ({ ...current, post: true }));
    } else {
      setReviewType(choice);
      setUsed((current) => ({ ...current, review: true }));
    }
    setDialog(choice);
  }

  /** After a review from the chooser: "Success!", then the feed. */
  async function reviewPosted(review: ReviewDto) {
    // The dialog's module is loaded: it was open.
    const { anotherDishAction } = await loadReviewDialog();
    toast.success("Success!", "Your review has been posted.", anotherDishAction(review, navigate));
    navigate(screenPaths.feed);
  }

  const addButton = (
    <UnstyledButton
      className={classes.navItem}
      onClick={() => setAddTapped(true)}
      aria-haspopup="dialog"
    >
      <span className={classes.addIcon} aria-hidden>
        <IconSquareRoundedPlus size={26} stroke={1.7} />
      </span>
      <span className={classes.navLabel}>Add</span>
    </UnstyledButton>
  );

  const links = (list: NavItem[]) =>
    list.map((item) => (
      <NavLink key={item.label} to={item.to} className={classes.navItem}>
        <span className={classes.navIcon} aria-hidden>
          {item.icon}
          {item.badge && (
            <Badge size="xs" circle={item.badge.length === 1} className={classes.badge}>
              {item.badge}
            </Badge>
          )}
        </span>
        <span className={classes.navLabel}>{item.label}</span>
        {item.badge && <VisuallyHidden>, {item.badge} unread</VisuallyHidden>}
      </NavLink>
    ));

  // Confirmations (modals.openConfirmModal) are asked only on in-app screens, so their provider
  // lives here rather than in the landing page's first bundle.
  return (
    <ModalsProvider>
      <div className={classes.root}>
        <Box component="header" className={classes.topBar} visibleFrom="sm">
          <Group justify="space-between" h="100%" maw={1120} mx="auto" px="lg">
            <Link to={screenPaths.landing} className={classes.wordmark}>
              <Text span inherit>
                Tasted
              </Text>
            </Link>
            <nav aria-label="Main">
              <Group gap={4}>
                {links(items.slice(0, 2))}
                {addButton}
                {links(items.slice(2))}
              </Group>
            </nav>
            <Group gap="xs" wrap="nowrap">
              <ColorSchemeToggle />
              <UserMenu />
            </Group>
          </Group>
        </Box>

        <main {...mainContentProps} className={classes.main}>
          <OfflineNotice />
          {signedIn && (
            <Suspense fallback={null}>
              <WaitingReviews />
            </Suspense>
          )}
          <Outlet />
        </main>

        <Box
          component="nav"
          aria-label="Main"
          className={classes.bottomNav}
          hiddenFrom="sm"
          data-bottom-nav
        >
          {links(items.slice(0, 2))}
          {addButton}
          {links(items.slice(2))}
        </Box>

        <AddChooser opened={chooserOpened} onClose={chooser.close} onChoose={choose} />
        {ranking && (
          <Suspense fallback={null}>
            <RankQuestionsDialog dish={ranking} />
          </Suspense>
        )}
        {signedIn && (
          <Suspense fallback={null}>
            {used.review && (
              <ReviewDialog
                opened={dialog === "dish" || dialog === "restaurant"}
                onClose={() => setDialog(null)}
                mode="create"
                reviewType={reviewType}
                onSaved={reviewPosted}
              />
            )}
            {used.post && (
              <>
                <CreatePostDialog
                  opened={dialog === "post"}
                  onClose={() => setDialog(null)}
                  onCreated={() => navigate(screenPaths.feed)}
                />
                <CreateDealDialog opened={dialog === "deal"} onClose={() => setDialog(null)} />
              </>
            )}
          </Suspense>
        )}
      </div>
    </ModalsProvider>
  );
}
