interface TastedLogoProps {
  size?: number;
}

/**
 * The app-icon mark (same drawing as public/favicon.svg), inlined so it renders instantly and
 * follows no network request. Decorative: the "Tasted" wordmark beside it carries the name.
 */
export function TastedLogo({ size = 32 }: TastedLogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#e8590c" />
      <path d="M20 18h24v7H35.5v22h-7V25H20z" fill="#fff" />
      <circle cx="46" cy="44" r="5" fill="#ffd8a8" />
    </svg>
  );
}
