import { notifications } from "@mantine/notifications";
import { IconCheck, IconX } from "@tabler/icons-react";
import { createElement } from "react";

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
  });
}

export const toast = {
  success: (title: string, message?: string) => show("success", title, message),
  error: (title: string, message?: string) => show("error", title, message),
};
