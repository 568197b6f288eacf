import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * The dialog every create/edit form opens in: centred on larger screens, full screen below
 * 768 px. A click outside does not close it, so a half-written review is never lost by a tap.
 * The form mounts only while open, so each opening starts fresh.
 */
export function FormDialog({ opened, onClose, title, children }: FormDialogProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      fullScreen={isMobile}
      size="lg"
      radius={isMobile ? 0 : "lg"}
      centered={!isMobile}
      closeOnClickOutside={false}
      styles={{
        title: {
          fontFamily: "var(--mantine-font-family-headings)",
          fontWeight: 650,
          fontSize: "var(--mantine-font-size-xl)",
        },
      }}
    >
      {opened && children}
    </Modal>
  );
}
