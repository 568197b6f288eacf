import { useNavigate } from "react-router";
import { dealMessages } from "#domain/deals-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { FormDialog } from "#web/components/form-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { DealForm } from "./deal-form.tsx";

export interface CreateDealDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The Add chooser's "Deal": the New Deal dialog, full screen on phones. After "Deal shared!"
 * it opens the restaurant page's Deals tab (its `?tab=` value is the tab's name).
 */
export function CreateDealDialog({ opened, onClose }: CreateDealDialogProps) {
  const navigate = useNavigate();
  return (
    <FormDialog opened={opened} onClose={onClose} title={dealMessages.dialogTitle}>
      <DealForm
        onSaved={(deal) => {
          onClose();
          toast.success(dealMessages.shared);
          navigate(`${screenPaths.restaurant(deal.restaurant)}?tab=deals`);
        }}
      />
    </FormDialog>
  );
}
