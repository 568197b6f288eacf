/** Lower-case ASCII words joined by hyphens: accents dropped, anything else removed. */
function slugWords(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "Lobster Roll!" → "lobster-roll": the id of /view/{type}/{slug-title} links on phones. */
export function slugifyTitle(title: string): string {
  return slugWords(title);
}

const US_STATE_ZIP = /^([a-z]{2})(?:\s+\d{4,5}(?:-\d{4})?)?$/i;

/**
 * City and state (or region) from a formatted address such as
 * "123 Main St, Springfield, IL 62701, USA". Returns nothing it cannot find with confidence.
 */
export function addressLocality(address: string): { city?: string; state?: string } {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  for (let index = parts.length - 1; index >= 1; index--) {
    const match = US_STATE_ZIP.exec(parts[index] ?? "");
    if (match?.[1]) {
      // "USA" is three letters and never matches; a two-letter part before a street is a state.
      return { state: match[1].toLowerCase(), city: parts[index - 1] };
    }
  }
  // No state: "street, City, Country" or "street, 75001 Paris, France" → the city part.
  if (parts.length >= 3) {
    const city = (parts[parts.length - 2] ?? "").replace(/\d+/g, "").trim();
    if (city) return { city };
  }
  return {};
}

/**
 * A restaurant's slug: the lower-cased name with non-alphanumerics removed and spaces turned
 * into hyphens, prefixed by state-city when the address is known. Uniqueness (-2, -3 …) is the
 * server's job.
 */
export function restaurantSlug(name: string, address?: string | null): string {
  const base = slugWords(name) || "restaurant";
  if (!address) return base;
  const { city, state } = addressLocality(address);
  const prefix = [state, city]
    .filter((part): part is string => Boolean(part))
    .map(slugWords)
    .filter((part) => part.length > 0)
    .join("-");
  return prefix ? `${prefix}-${base}` : base;
}

/** The n-th candidate for a taken slug: "x", "x-2", "x-3" … */
export function numberedSlug(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}
