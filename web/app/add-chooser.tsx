import { Button, Drawer, Modal, Stack, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconArticle,
  IconBuildingStore,
  IconDiscount2,
  IconToolsKitchen2,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { MOBILE_QUERY } from "#web/lib/breakpoints.ts";
import classes from "./add-chooser.module.css";

export type AddChoice = "dish" | "restaurant" | "post" | "deal";

interface AddChooserProps {
  opened: boolean;
  onClose: () => void;
  onChoose: (choice: AddChoice) => void;
}

const TITLE = "What would you like to review?";

const choices: { value: AddChoice; label: string; hint: string; icon: ReactNode }[] = [
  {
    value: "dish",
    label: "Dish Review",
    hint: "Rate a dish you tried, with a photo and its cost",
    icon: <IconToolsKitchen2 size={24} stroke={1.6} />,
  },
  {
    value: "restaurant",
    label: "Restaurant Review",
    hint: "Rate the whole place: food, service, price range",
    icon: <IconBuildingStore size={24} stroke={1.6} />,
  },
  {
    value: "post",
    label: "Post",
    hint: "Share a find or a thought",
    icon: <IconArticle size={24} stroke={1.6} />,
  },
  {
    value: "deal",
    label: "Deal",
    hint: "Happy hours, lunch specials",
    icon: <IconDiscount2 size={24} stroke={1.6} />,
  },
];

/**
 * The Add button's chooser: a bottom sheet with Cancel on phones,
 * a centred dialog on larger screens.
 */
export function AddChooser({ opened, onClose, onChoose }: AddChooserProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const list = (
    <Stack gap="sm">
      {choices.map((choice) => (
        <UnstyledButton
          key={choice.value}
          className={classes.choice}
          onClick={() => onChoose(choice.value)}
        >
          <span className={classes.icon} aria-hidden>
            {choice.icon}
          </span>
          <span>
            <Text fw={600} component="span" display="block">
              {choice.label}
            </Text>
            <Text size="sm" c="dimmed" component="span" display="block">
              {choice.hint}
            </Text>
          </span>
        </UnstyledButton>
      ))}
      {isMobile && (
        <Button variant="default" fullWidth mt="xs" onClick={onClose}>
          Cancel
        </Button>
      )}
    </Stack>
  );

  if (isMobile) {
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        position="bottom"
        size="auto"
        title={TITLE}
        radius="lg"
        classNames={{ title: classes.title }}
      >
        {list}
      </Drawer>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={TITLE}
      centered
      radius="lg"
      classNames={{ title: classes.title }}
    >
      {list}
    </Modal>
  );
}
