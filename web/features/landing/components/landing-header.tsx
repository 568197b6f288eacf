import { Button } from "@mantine/core";
import { IconDeviceMobile } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { ProfileDto } from "#domain/profile.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { PublicHeader } from "#web/components/public-header.tsx";
import { useSession } from "#web/lib/session.tsx";
import classes from "./landing-header.module.css";

/** Mantine's Avatar loads for signed-in visitors only (the prerendered page has none). */
const UserAvatar = lazy(async () => ({
  default: (await import("#web/components/user-avatar.tsx")).UserAvatar,
}));
const AVATAR_SIZE = 34;

function SignedInUser({ profile }: { profile: ProfileDto | null }) {
  return (
    <Link
      to={screenPaths.ownProfile}
      className={classes.user}
      aria-label={profile ? undefined : "Your profile"}
    >
      {/* The username beside it names the link; the initials would only repeat it. */}
      <Suspense fallback={<span className={classes.avatarSpace} />}>
        <UserAvatar
          aria-hidden="true"
          avatarUrl={profile?.avatarUrl}
          username={profile?.username}
          size={AVATAR_SIZE}
          // Shade 8 keeps the white initials above 4.5:1 (the brand shade 6 gives 3.6:1).
          color="paprika.8"
        />
      </Suspense>
      {profile && <span className={classes.username}>{profile.username}</span>}
    </Link>
  );
}

/** Landing top bar: "Add to Mobile" on the left, the visitor's or user's actions on the right. */
export function LandingHeader() {
  const { session } = useSession();

  const addToMobile = (
    <Button
      component={Link}
      to={screenPaths.install}
      variant="default"
      size="sm"
      className={classes.action}
      leftSection={<IconDeviceMobile size={18} stroke={1.8} className={classes.phoneIcon} />}
    >
      <span className={classes.addLabel}>Add to Mobile</span>
    </Button>
  );

  // The session reports "signed-in" only once the profile request has answered, so the avatar
  // never flashes in without its name; while loading, neither it nor "Sign In" shows. A
  // signed-in account whose profile could not load still gets the "U" avatar, not "Sign In".
  let end = null;
  if (session.status === "signed-in") {
    end = <SignedInUser profile={session.profile} />;
  } else if (session.status === "signed-out") {
    end = (
      <>
        <Button
          component={Link}
          to={screenPaths.auth}
          state={{ mode: "signin" }}
          variant="default"
          size="sm"
          className={classes.action}
        >
          Sign In
        </Button>
        <Button
          component={Link}
          to={screenPaths.auth}
          state={{ mode: "signup" }}
          color="paprika.8"
          size="sm"
          className={classes.action}
        >
          Sign Up
        </Button>
      </>
    );
  }

  return <PublicHeader hideBrandOnMobile start={addToMobile} end={end} />;
}
