/** A map link opens a maps search for the location text. */
export function mapsSearchUrl(text: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}`;
}

/** Directions to a place: to its pin when it has one (exact), else to its address. */
export function directionsUrl(place: {
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}): string | null {
  const destination =
    place.latitude !== null && place.longitude !== null
      ? `${place.latitude},${place.longitude}`
      : place.address;
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** The website link gets https:// when it has no scheme. */
export function websiteUrl(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** "www.example.com/menu" for display: no scheme, no trailing slash. */
export function websiteLabel(website: string): string {
  return website.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/** tel: link keeping only what a dialler understands. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Average ratings show one decimal. */
export function oneDecimal(value: number): string {
  return value.toFixed(1);
}
