import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import { type UsernameAvailabilityDto, usernameInput } from "#domain/profile.ts";
import { PROFILE_LIMITS } from "#domain/profile-rules.ts";
import { apiGet } from "#web/lib/api-client.ts";

/**
 * Username check: nothing under 3 characters, then checking → available/taken/unknown; the
 * signed-in person's current username is their own, not "available".
 */
export type UsernameAvailability = "idle" | "checking" | "available" | "taken" | "unknown" | "own";

const USERNAME_CHECK_DEBOUNCE_MS = 500;

/**
 * Live availability of the username being typed, debounced 500 ms. `ownUsername`
 * is the signed-in user's current one, which is always theirs to keep. Values that break the
 * format rules are not sent; the form shows the rule instead.
 */
export function useUsernameAvailability(
  value: string,
  ownUsername: string | null,
): UsernameAvailability {
  const typed = value.trim().toLowerCase();
  const [debounced] = useDebouncedValue(typed, USERNAME_CHECK_DEBOUNCE_MS);
  const longEnough = debounced.length >= PROFILE_LIMITS.usernameMin;
  const wellFormed = longEnough && usernameInput.safeParse(debounced).success;
  const own = debounced !== "" && debounced === ownUsername;

  const query = useQuery({
    queryKey: ["username-availability", debounced],
    queryFn: ({ signal }) =>
      apiGet<UsernameAvailabilityDto>(apiPaths.usernameAvailability(debounced), { signal }),
    enabled: wellFormed && !own,
    staleTime: 10_000,
    retry: false,
  });

  if (typed.length < PROFILE_LIMITS.usernameMin) return "idle";
  if (typed === ownUsername) return "own";
  if (typed !== debounced) return "checking";
  if (!wellFormed) return "idle";
  if (query.isPending || query.isFetching) return query.data ? statusOf(query.data) : "checking";
  if (query.isError) return "unknown";
  return statusOf(query.data);
}

function statusOf(data: UsernameAvailabilityDto | undefined): UsernameAvailability {
  if (!data) return "unknown";
  return data.available ? "available" : "taken";
}
