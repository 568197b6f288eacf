import { Button, CopyButton } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

/** Copies `value` to the clipboard; the label turns to "Copied" for a moment. */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          size="compact-sm"
          onClick={copy}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          w="fit-content"
        >
          {copied ? "Copied" : label}
        </Button>
      )}
    </CopyButton>
  );
}
