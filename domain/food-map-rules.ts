// No zod here: screens read these without loading the schemas (issue 26).

/** The most places one map answer holds: the most recently reviewed or saved first. */
export const MAP_PLACES_MAX = 1000;

export const foodMapMessages = {
  myMapTitle: "My map",
  userMapTitle: (name: string) => `${name}'s map`,
  openMap: "Map",
  tried: "Tried",
  want: "Want to try",
  /** Shown in place of the map when its tiles cannot load; the list still works. */
  unavailable: "The map could not load here, so the places are listed instead.",
  noLocation: "No location",
  emptyOwn: "No places yet. Review a restaurant or save one to try and it shows up here.",
  empty: "No places to show yet.",
  showList: (count: number) => (count === 1 ? "Show 1 place" : `Show ${count} places`),
  hideList: "Hide list",
  /** The list screen's switch between its entries and their map. */
  listView: "List",
  mapView: "Map",
  viewSwitchLabel: "Show as",
  truncated: `Showing the ${MAP_PLACES_MAX} most recent places.`,
  ratingLabel: (rating: number) => `rated ${rating.toFixed(1)} of 5`,
  reviewCount: (count: number) => (count === 1 ? "1 review" : `${count} reviews`),
  /** The list's name for screen readers: the map's title and how many places it holds. */
  listLabel: (title: string, count: number) =>
    `${title}: ${count === 1 ? "1 place" : `${count} places`}`,
  /** A row's link to the restaurant's page. */
  openPlace: (name: string) => `Open ${name}`,
  loading: "Loading the map",
  loadFailed: "We couldn't load this map",
  legend: "Map key",
  legendRating: "Rating",
} as const;
