/**
 * The styles of every Mantine component the landing page does not draw (vite.config.ts cuts
 * Mantine's stylesheet in two). Every other screen and the toasts load them first: called
 * before a screen's own import, their stylesheet link lands in the page ahead of the screen's,
 * so the screen's rules still win where they restyle a Mantine component.
 */
export function loadScreenStyles(): Promise<unknown> {
  return import("virtual:mantine-rest.css");
}
