import { Button, Group, Modal, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import type { ListSummaryDto } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { FormDialog } from "#web/components/form-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { useCreateList, useNewShareKey, useUpdateList } from "../api/use-list-mutations.ts";
import { LazyListForm } from "./lazy-list-form.tsx";

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/** "New list": makes the list, then opens it. */
export function CreateListDialog({ opened, onClose }: DialogProps) {
  const create = useCreateList();
  const navigate = useNavigate();
  return (
    <FormDialog opened={opened} onClose={onClose} title={listMessages.newList}>
      <LazyListForm
        submitLabel="Create list"
        pending={create.isPending}
        onCancel={onClose}
        onSubmit={async (input) => {
          const detail = await create.mutateAsync(input);
          toast.success(listMessages.created);
          navigate(screenPaths.list(detail.list.id));
        }}
      />
    </FormDialog>
  );
}

/** "Edit list": the name, description and visibility, as they are now. */
export function EditListDialog({ opened, onClose, list }: DialogProps & { list: ListSummaryDto }) {
  const update = useUpdateList(list.id);
  return (
    <FormDialog opened={opened} onClose={onClose} title={listMessages.editList}>
      <LazyListForm
        initial={{
          name: list.name,
          description: list.description ?? "",
          visibility: list.visibility,
        }}
        submitLabel="Save"
        pending={update.isPending}
        onCancel={onClose}
        onSubmit={async (input) => {
          await update.mutateAsync(input);
          onClose();
        }}
      />
    </FormDialog>
  );
}

/** "Make a new link?": the current link stops working once confirmed. */
export function NewLinkDialog({ opened, onClose, listId }: DialogProps & { listId: string }) {
  const newKey = useNewShareKey(listId);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!newKey.isPending) onClose();
      }}
      title={listMessages.newLink}
      centered
      radius="lg"
    >
      <Text size="sm">{listMessages.newLinkConfirm}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={newKey.isPending} data-autofocus>
          Cancel
        </Button>
        <Button
          loading={newKey.isPending}
          onClick={() => newKey.mutate(undefined, { onSuccess: onClose })}
        >
          {listMessages.newLink}
        </Button>
      </Group>
    </Modal>
  );
}
