import { Button, Text, Title } from "@mantine/core";
import { IconBan } from "@tabler/icons-react";
import { blockMessages } from "#domain/blocks-rules.ts";
import type { ProfileDto } from "#domain/profile.ts";
import surface from "#web/components/surface.module.css";
import { useSetRestriction } from "#web/features/safety/api/use-restriction.ts";
import classes from "./profile-page.module.css";

/**
 * The profile of someone the viewer blocked: their name, what blocking means and Unblock, and
 * nothing else (the server sends no more: no photo, bio, counts or tabs). Once unblocked, the page
 * is read again and shows them whole.
 */
export function BlockedProfile({ profile }: { profile: ProfileDto }) {
  const unblock = useSetRestriction("block", profile);
  const handle = `@${profile.username.toLowerCase()}`;
  return (
    <section className={`${surface.warmSurface} ${classes.header}`} aria-labelledby="profile-name">
      <div className={classes.names}>
        <Title order={2} id="profile-name" className={classes.name}>
          {profile.fullName?.trim() || profile.username}
        </Title>
        <p className={classes.username}>{handle}</p>
      </div>
      <div className={classes.blocked}>
        <IconBan size={22} aria-hidden className={classes.blockedIcon} />
        <div>
          <Text fw={600}>{blockMessages.blockedProfileTitle}</Text>
          <Text size="sm" c="dimmed">
            {blockMessages.blockedProfileText}
          </Text>
        </div>
      </div>
      <Button
        variant="default"
        radius="xl"
        className={classes.blockedAction}
        aria-label={`${blockMessages.unblock} ${handle}`}
        loading={unblock.isPending}
        onClick={() => unblock.mutate(false)}
      >
        {blockMessages.unblock}
      </Button>
    </section>
  );
}
