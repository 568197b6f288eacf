import "virtual:mantine-rest.css";
import "@mantine/notifications/styles.css";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import { TOAST_MAX_HEIGHT } from "#web/lib/toast.ts";
import toastClasses from "./toasts.module.css";

/**
 * Where toasts show (web/lib/toast.ts), the one place that decides it (docs/decisions/0016):
 * they never cover the control just used or the navigation. On a phone one at a time at the top,
 * away from the bottom navigation and from the buttons that end forms (a validation toast whose
 * field is up there shows at the bottom, above the navigation: web/lib/toast.ts); on larger screens at
 * most three in the bottom left corner, away from the right-hand settings panel and from the
 * right-aligned buttons and title bars of dialogs. Draggable away.
 */
export function Toaster() {
  const phone = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={phone ? "top-center" : "bottom-left"}
      zIndex={1000}
      limit={phone ? 1 : 3}
      containerWidth={360}
      notificationMaxHeight={TOAST_MAX_HEIGHT}
      allowDragDismiss
      classNames={{ root: toastClasses.root }}
    />
  );
}
