import { type NotificationData, notifications, notificationsStore } from "@mantine/notifications";
import { IconCheck, IconLock, IconX } from "@tabler/icons-react";
import { createElement, type ReactNode } from "react";
import { MOBILE_QUERY } from "./breakpoints.ts";
import { ToastMessage } from "./toast-message.tsx";

type Kind = "success" | "error" | "sign-in";

export interface ToastOptions {
  /** One action beside the message. */
  action?: { label: string; onClick: () => void };
  /**
   * Whether the toast outlives a move to another screen. By default errors and sign-in prompts
   * are about the screen they appeared on and go with it; successes stay ("Success!" is shown
   * right before the app moves to the feed). An error that explains why the app just moved
   * somewhere (a failed Google sign-in sent back to /auth) keeps itself.
   */
  keepOnNavigation?: boolean;
  /**
   * The field the toast is about (a validation toast's): on a phone, when the field is where the
   * toast would show at the top (the first field of a full-screen dialog, right under its title
   * bar, which no scrolling brings lower), the toast shows at the bottom edge instead.
   */
  about?: HTMLElement | null;
}

/** No toast is taller (the toaster clamps them), so the strip a toast at the top may take. */
export const TOAST_MAX_HEIGHT = 200;

/**
 * Where on a phone a toast about `field` may show without covering it: at the top (the
 * toaster's default, undefined here) unless the field lies in the strip a toast there takes,
 * which starts under a dialog's or the settings panel's title bar (toasts.module.css).
 */
function positionClearOf(field: HTMLElement): NotificationData["position"] {
  const titleBar = document.querySelector(
    ".mantine-Modal-content[data-full-screen] .mantine-Modal-header, .mantine-Drawer-header",
  );
  const stripEnd = (titleBar?.getBoundingClientRect().bottom ?? 0) + TOAST_MAX_HEIGHT;
  return field.getBoundingClientRect().top < stripEnd ? "bottom-center" : undefined;
}

const STYLE = {
  success: { color: "teal", icon: IconCheck, autoClose: 4000 },
  error: { color: "red", icon: IconX, autoClose: 6000 },
  "sign-in": { color: "paprika", icon: IconLock, autoClose: 6000 },
} as const;

/** Toasts shown on the current screen that go when the person moves to another one. */
const screenToasts = new Set<string>();

/**
 * The one toast helper: a title such as "Success!" or "Error", and an optional message. A toast
 * is keyed by what it says, so the same message shown again while it is visible stays one
 * toast (three "Comment added!" are one); the toaster (web/app/toaster.tsx) decides where they
 * show and how many at once.
 */
function show(kind: Kind, title: string, message?: string, options: ToastOptions = {}): string {
  const id = `${kind}:${title}:${message ?? ""}`;
  const { color, icon, autoClose } = STYLE[kind];
  const text = message ?? title;
  const body: ReactNode = options.action
    ? createElement(ToastMessage, {
        message: text,
        action: {
          label: options.action.label,
          onClick: () => {
            notifications.hide(id);
            options.action?.onClick();
          },
        },
      })
    : text;
  // A phone shows one toast at a time (docs/decisions/0016): stacked ones grew over the form
  // being filled in, so the newest message replaces those showing or waiting.
  const phone = window.matchMedia(MOBILE_QUERY).matches;
  if (phone) {
    const { notifications: showing, queue } = notificationsStore.getState();
    for (const other of [...showing, ...queue]) {
      if (other.id && other.id !== id) notifications.hide(other.id);
    }
  }
  const keep = options.keepOnNavigation ?? kind === "success";
  if (!keep) screenToasts.add(id);
  notifications.show({
    id,
    position: phone && options.about ? positionClearOf(options.about) : undefined,
    // Mantine needs a message; a title-only toast shows the title as its message.
    title: message ? title : undefined,
    message: body,
    color,
    icon: createElement(icon, { size: 18, stroke: 2.2 }),
    autoClose,
    withBorder: true,
    onClose: () => screenToasts.delete(id),
    // Mantine's close button has no accessible name of its own.
    closeButtonProps: { "aria-label": "Close notification" },
    // Mantine greys a titled message with gray-6 (about 3.3:1 on white); the theme's dimmed
    // colour keeps it above 4.5:1 in both schemes.
    styles: { description: { color: "var(--mantine-color-dimmed)" } },
  });
  return id;
}

export const toast = {
  success: (title: string, message?: string, options?: ToastOptions) =>
    show("success", title, message, options),
  error: (title: string, message?: string, options?: ToastOptions) =>
    show("error", title, message, options),
  /**
   * A visitor tried something that needs an account ("Please sign in to like posts"): the
   * message, under a title when given ("Authentication required"), plus a "Sign in" link.
   * `onSignIn` navigates (toasts render outside the router).
   */
  signInRequired: (message: string, onSignIn: () => void, title?: string) =>
    show("sign-in", title ?? message, title ? message : undefined, {
      action: { label: "Sign in", onClick: onSignIn },
    }),
  /** Hides one toast, by the id showing it returned, once what it says is no longer true. */
  dismiss: (id: string) => {
    notifications.hide(id);
  },
  /** Hides the toasts about the screen being left; the router calls it on every move. */
  clearScreenToasts: () => {
    for (const id of screenToasts) notifications.hide(id);
    screenToasts.clear();
  },
};
