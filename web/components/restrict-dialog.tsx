import { blockMessages } from "#domain/blocks-rules.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** Keeping someone out of sight: block (both ways, total) or mute (one way, quiet). */
export type Restriction = "block" | "mute";

/**
 * The question the dialog asks and how it is answered (features/safety's useRestrictPrompt).
 * The caller owns it, so the person, the request and the toasts stay out of this dialog.
 */
export interface RestrictPrompt {
  opened: boolean;
  /** What is asked; it stays while the dialog closes, so the title does not change under it. */
  kind: Restriction;
  /** The person, as the title names them. */
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

const WORDING = {
  block: {
    title: blockMessages.blockTitle,
    text: blockMessages.blockConfirm,
    verb: blockMessages.block,
  },
  mute: {
    title: blockMessages.muteTitle,
    text: blockMessages.muteConfirm,
    verb: blockMessages.mute,
  },
} as const;

/** "Block Ana?" / "Mute Ana?": what it does to both of them, Cancel and Block (or Mute). */
export function RestrictDialog({ prompt }: { prompt: RestrictPrompt }) {
  const wording = WORDING[prompt.kind];
  return (
    <ConfirmDialog
      opened={prompt.opened}
      onClose={prompt.onCancel}
      title={wording.title(prompt.name)}
      text={wording.text}
      confirmLabel={wording.verb}
      pending={prompt.pending}
      onConfirm={prompt.onConfirm}
      // Above the item detail dialog and its menu, which a block can be started from.
      zIndex={450}
    />
  );
}
