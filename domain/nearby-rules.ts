// No zod here: screens read these without loading the schemas (issue 26).

export const nearbyMessages = {
  tab: "Nearby",
  allowLocation: "Allow location to see places near you",
  useMyLocation: "Use my location",
  locationRefused:
    "Your browser did not share your location. Allow it in the site settings, then try again.",
  empty: "No places with a location near you yet.",
  loadFailed: "We couldn't load places near you",
  loading: "Loading places near you",
  mapView: "Map",
  listView: "List",
  viewSwitchLabel: "Show as",
  /** "0.8 km" */
  distance: (meters: number) => `${(meters / 1000).toFixed(1)} km`,
  reviewCount: (count: number) => (count === 1 ? "1 review" : `${count} reviews`),
  followedRating: (rating: number) => `${rating.toFixed(1)} from people you follow`,
  // The Deals switch (issue 30): active deals near the caller instead of places.
  dealsSwitch: "Deals",
  dealsEmpty: "No deals near you right now.",
  dealsEmptyHint: "Spotted a happy hour or a lunch special? Pass it on with Add.",
  dealsLoadFailed: "We couldn't load deals near you",
  dealsLoading: "Loading deals near you",
  dealsTitle: "Deals nearby",
  /** A deal pin's label after the place's name. */
  dealCount: (count: number) => (count === 1 ? "1 deal" : `${count} deals`),
} as const;
