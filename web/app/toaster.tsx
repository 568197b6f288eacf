import "virtual:mantine-rest.css";
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import toastClasses from "./toasts.module.css";

/** Where toasts show (web/lib/toast.ts): at most three, bottom right, draggable away. */
export function Toaster() {
  return (
    <Notifications
      position="bottom-right"
      zIndex={1000}
      limit={3}
      containerWidth={360}
      allowDragDismiss
      classNames={{ root: toastClasses.root }}
    />
  );
}
