import { notifications } from "@mantine/notifications";
import { IconCheck, IconLock, IconX } from "@tabler/icons-react";
import { createElement } from "react";
import { SignInToastMessage } from "./sign-in-toast-message.tsx";

/**
 * The one toast helper (spec 8): a title such as "Success!" or "Error", and an optional
 * message. Errors are red and stay a little longer so they can be read.
 */
function show(kind: "success" | "error", title: string, message?: string) {
  const error = kind === "error";
  notifications.show({
    // Mantine needs a message; a title-only toast shows the title as its message.
    title: message ? title : undefined,
    message: message ?? title,
    color: error ? "red" : "teal",
    icon: createElement(error ? IconX : IconCheck, { size: 18, stroke: 2.2 }),
    autoClose: error ? 6000 : 4000,
    withBorder: true,
    // Mantine's close button has no accessible name of its own.
    closeButtonProps: { "aria-label": "Close notification" },
    // Mantine greys a titled message with gray-6 (about 3.3:1 on white); the theme's dimmed
    // colour keeps it above 4.5:1 in both schemes.
    styles: { description: { color: "var(--mantine-color-dimmed)" } },
  });
}

/**
 * A visitor tried something that needs an account ("Please sign in to like posts"): the spec's
 * text plus a "Sign in" link. `onSignIn` navigates (toasts render outside the router).
 */
function signInRequired(message: string, onSignIn: () => void) {
  const id = `sign-in-${message}`;
  notifications.show({
    id,
    message: createElement(SignInToastMessage, {
      message,
      onSignIn: () => {
        notifications.hide(id);
        onSignIn();
      },
    }),
    color: "paprika",
    icon: createElement(IconLock, { size: 18, stroke: 2.2 }),
    autoClose: 6000,
    withBorder: true,
    closeButtonProps: { "aria-label": "Close notification" },
  });
}

export const toast = {
  success: (title: string, message?: string) => show("success", title, message),
  error: (title: string, message?: string) => show("error", title, message),
  signInRequired,
};
