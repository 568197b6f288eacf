import { ActionIcon, Group, Title, Tooltip, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconConfetti,
  IconDots,
  IconLogout,
  IconMap,
  IconMapPin,
  IconSettings,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import type { FollowListKind } from "#domain/follows.ts";
import { foodMapMessages } from "#domain/food-map-rules.ts";
import { authorHandle } from "#domain/items-rules.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { yearInFoodMessages } from "#domain/year-in-food-rules.ts";
import { FollowButton } from "#web/components/follow-button.tsx";
import surface from "#web/components/surface.module.css";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import { SafetyMenu } from "#web/features/safety/components/safety-menu.tsx";
import { yearListQuery } from "#web/features/year-in-food/api/year-in-food-queries.ts";
import { useSession } from "#web/lib/session.tsx";
import { useSignOut } from "#web/lib/use-sign-out.ts";
import classes from "./profile-page.module.css";

/**
 * The settings panel holds the profile form, checked with the server's schema (zod, about 25 kB
 * of gzipped JavaScript): it loads on the first tap on Settings, not with the profile (issue 26).
 */
const SettingsDrawer = lazy(async () => ({
  default: (await import("./settings-drawer.tsx")).SettingsDrawer,
}));

interface ProfileHeaderProps {
  page: ProfilePageDto;
  onOpenFollowList: (kind: FollowListKind) => void;
}

/**
 * A profile's header: picture, name, @username, bio, location and the counts; Followers and
 * Following open their lists. Your own profile has Settings and Log Out, someone else's a
 * Follow button (and, for signed-in viewers, a menu with Mute or Unmute, Block and Report); a
 * private account's asks first ("Requested") and has no map link until the viewer follows.
 */
export function ProfileHeader({ page, onOpenFollowList }: ProfileHeaderProps) {
  const { profile, counts } = page;
  const name = profile.fullName?.trim() || profile.username;
  const toggle = useToggleFollow({
    ...profile,
    asks: profile.isPrivate && page.followedByMe !== true,
  });
  const { session } = useSession();
  const signedIn = session.status === "signed-in";
  return (
    <section className={`${surface.warmSurface} ${classes.header}`} aria-labelledby="profile-name">
      <div className={classes.identity}>
        <UserAvatar
          avatarUrl={profile.avatarUrl}
          username={profile.username}
          size={88}
          radius="100%"
          className={classes.avatar}
        />
        <div className={classes.names}>
          <Title order={2} id="profile-name" className={classes.name}>
            {name}
          </Title>
          <p className={classes.username}>@{profile.username.toLowerCase()}</p>
        </div>
        {page.isOwn ? (
          <div className={`${classes.actions} ${classes.ownActions}`}>
            <Group gap="xs" wrap="nowrap">
              <MapLink to={screenPaths.ownMap} />
              <YearLink profileId={profile.id} handle={authorHandle(profile)} />
              <OwnProfileActions />
            </Group>
          </div>
        ) : (
          <div className={`${classes.actions} ${classes.followAction}`}>
            <Group gap="xs" wrap="nowrap">
              <div className={classes.followButton}>
                <FollowButton
                  targetId={profile.id}
                  following={page.followedByMe === true}
                  requested={page.requestedByMe === true}
                  toggle={toggle}
                  fullWidth
                />
              </div>
              {page.contentVisible && <MapLink to={screenPaths.userMap(authorHandle(profile))} />}
              {signedIn && (
                <ProfileMenu profile={profile} muted={page.viewerRelation?.mutedByMe === true} />
              )}
            </Group>
          </div>
        )}
      </div>

      {(profile.bio || profile.location) && (
        <div className={classes.about}>
          {profile.bio && <p className={classes.bio}>{profile.bio}</p>}
          {profile.location && (
            <p className={classes.location}>
              <IconMapPin size={16} aria-hidden />
              <span>
                <VisuallyHidden>Location: </VisuallyHidden>
                {profile.location}
              </span>
            </p>
          )}
        </div>
      )}

      <ul className={classes.stats} aria-label="Profile counts">
        <li>
          <Stat value={counts.reviews} label="Reviews" />
        </li>
        <li>
          <Stat value={counts.posts} label="Posts" />
        </li>
        <li>
          <UnstyledButton
            className={classes.statButton}
            aria-haspopup="dialog"
            onClick={() => onOpenFollowList("followers")}
          >
            <Stat value={counts.followers} label="Followers" />
          </UnstyledButton>
        </li>
        <li>
          <UnstyledButton
            className={classes.statButton}
            aria-haspopup="dialog"
            onClick={() => onOpenFollowList("following")}
          >
            <Stat value={counts.following} label="Following" />
          </UnstyledButton>
        </li>
      </ul>
    </section>
  );
}

/** A count over its label; read as "12 Followers". */
function Stat({ value, label }: { value: number; label: string }) {
  return (
    <span className={classes.stat}>
      <span className={classes.statValue}>{value.toLocaleString("en-US")}</span>{" "}
      <span className={classes.statLabel}>{label}</span>
    </span>
  );
}

/** The person's food map: the places they tried (and, on your own, the ones you want to try). */
function MapLink({ to }: { to: string }) {
  return (
    <Tooltip label={foodMapMessages.openMap} withArrow>
      <ActionIcon
        component={Link}
        to={to}
        variant="default"
        size="lg"
        radius="xl"
        aria-label={foodMapMessages.openMap}
      >
        <IconMap size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Your year in food: the newest open year (December's, or a past year with reviews); nothing
 * while none is open.
 */
function YearLink({ profileId, handle }: { profileId: string; handle: string }) {
  const years = useQuery(yearListQuery(profileId));
  const latest = years.data?.years[0];
  if (latest === undefined) return null;
  const label = yearInFoodMessages.entryFor(latest);
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        component={Link}
        to={screenPaths.userYear(handle, latest)}
        variant="default"
        size="lg"
        radius="xl"
        aria-label={label}
      >
        <IconConfetti size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Someone else's "…" menu: Mute (Unmute once muted), Block, and Report to the moderators. A block
 * turns this page into the blocked view once it is read again.
 */
function ProfileMenu({ profile, muted }: { profile: ProfilePageDto["profile"]; muted: boolean }) {
  return (
    <SafetyMenu
      person={profile}
      report={{ targetType: "user", targetId: profile.id }}
      muted={muted}
      target={
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={`Options for @${profile.username.toLowerCase()}`}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      }
    />
  );
}

/** Settings (the settings panel) and Log Out, on your own profile. */
function OwnProfileActions() {
  const [settingsOpened, settings] = useDisclosure(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const { signOut, pending } = useSignOut();
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label="Settings" withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label="Settings"
          aria-haspopup="dialog"
          onClick={settingsLoaded ? settings.open : () => setSettingsLoaded(true)}
        >
          <IconSettings size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Log Out" withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label="Log Out"
          loading={pending}
          onClick={() => void signOut()}
        >
          <IconLogout size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpened} onClose={settings.close} />
          <OpenOnMount open={settings.open} />
        </Suspense>
      )}
    </Group>
  );
}

/**
 * Opens the settings panel once it has mounted closed (both commit together, after its chunk has
 * loaded): a drawer mounted open would not give the focus back to Settings when it closes, as
 * Mantine's focus return notes the focused element only when `opened` changes.
 */
function OpenOnMount({ open }: { open: () => void }) {
  useEffect(open, [open]);
  return null;
}
