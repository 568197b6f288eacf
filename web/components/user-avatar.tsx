import { Avatar, type AvatarProps } from "@mantine/core";

/** The picture, else the username's first two letters in capitals, else "U". */
function avatarInitials(username: string | null | undefined): string {
  return username?.trim().slice(0, 2).toUpperCase() || "U";
}

interface UserAvatarProps extends Omit<AvatarProps, "src" | "children"> {
  avatarUrl: string | null | undefined;
  username: string | null | undefined;
}

/** A user's round picture, else the username's first two letters; decorative (name beside it). */
export function UserAvatar({ avatarUrl, username, ...props }: UserAvatarProps) {
  return (
    <Avatar src={avatarUrl ?? null} alt="" radius="xl" color="paprika" variant="filled" {...props}>
      {avatarInitials(username)}
    </Avatar>
  );
}
