import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import type { FollowListKind } from "#domain/follows.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import { BackButton } from "#web/components/back-button.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useSession } from "#web/lib/session.tsx";
import { profilePageQuery } from "../api/profile-queries.ts";
import { BlockedProfile } from "./blocked-profile.tsx";
import { FollowListDialog } from "./follow-list-dialog.tsx";
import { PrivateProfileNotice } from "./private-profile-notice.tsx";
import { ProfileHeader } from "./profile-header.tsx";
import classes from "./profile-page.module.css";
import { ProfileTabs } from "./profile-tabs.tsx";
import { UserNotFound } from "./user-not-found.tsx";

/**
 * Your own profile at /profile, and anyone's at /user/{handle} and /profile/{handle} (username,
 * slug or id; a leading @ is dropped): the header with counts and follow, then the tabs; someone
 * the viewer blocked, their name and Unblock only; a private account the viewer may not see into,
 * the header and "This account is private".
 */
export function ProfilePage() {
  const { handle } = useParams();
  const { session } = useSession();
  const ownHandle =
    session.status === "signed-in" ? (session.profile?.username ?? session.userId) : null;
  const lookup = handle ?? ownHandle;
  const query = useQuery({
    ...profilePageQuery(lookup ?? ""),
    // Asked for at once, not after the session read: the request carries the session cookie,
    // so the server answers (whether you follow them, whether it is you) for whoever is in.
    enabled: lookup !== null,
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiRequestError && error.status === 404),
  });
  const header = <PageHeader title="Profile" leading={handle ? <BackButton /> : undefined} />;

  if (query.data) {
    return (
      <>
        {header}
        <ProfileView key={query.data.profile.id} page={query.data} />
      </>
    );
  }

  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <>
      {header}
      {notFound ? (
        <UserNotFound />
      ) : query.isError ? (
        <LoadErrorState
          title="We couldn't load this profile"
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : (
        <LoadingScreen />
      )}
    </>
  );
}

function ProfileView({ page }: { page: ProfilePageDto }) {
  const [followList, setFollowList] = useState<FollowListKind | null>(null);
  if (page.viewerRelation?.blockedByMe) {
    return (
      <div className={classes.page}>
        <BlockedProfile profile={page.profile} />
      </div>
    );
  }
  return (
    <div className={classes.page}>
      <ProfileHeader page={page} onOpenFollowList={setFollowList} />
      {page.contentVisible ? (
        <ProfileTabs
          profileId={page.profile.id}
          counts={page.counts}
          isOwn={page.isOwn}
          statsPublic={page.statsPublic}
        />
      ) : (
        <PrivateProfileNotice />
      )}
      <FollowListDialog
        profileId={page.profile.id}
        kind={followList}
        onClose={() => setFollowList(null)}
      />
    </div>
  );
}
