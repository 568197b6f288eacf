// No zod here: screens read these without loading the schemas (issue 26).

import type { ForYouReasonDto } from "./for-you.ts";

export const forYouMessages = {
  tab: "For you",
  signInRequired: "Sign in to see places and dishes picked for you",
  signIn: "Sign in",
  sharpen: "Rate a few more dishes to sharpen these",
  notInterested: "Not interested",
  dismissed: "We won't suggest it again",
  dismissFailed: "Failed to update your suggestions",
  empty: "Nothing to suggest yet. Rate a few dishes and follow people whose taste you share.",
  loadFailed: "We couldn't load your suggestions",
  loading: "Loading your suggestions",
  restaurantNotFound: "Restaurant not found",
} as const;

/** The reason as the card shows it: "Ana rated it 5", "3 people you follow loved it", … */
export function forYouReasonText(reason: ForYouReasonDto, personName: string): string {
  switch (reason.kind) {
    case "followedPerson":
      return `${personName} rated it ${reason.rating}`;
    case "followedCount":
      return `${reason.count} people you follow loved it`;
    case "taste":
      return reason.count === 1
        ? "Because 1 person with your taste loved it"
        : `Because ${reason.count} people with your taste loved it`;
    case "popular":
      return reason.count === 1
        ? "1 person loved it lately"
        : `${reason.count} people loved it lately`;
  }
}
