import { Tabs, type TabsProps } from "@mantine/core";
import classes from "./wrapping-tabs.module.css";

/**
 * Mantine's Tabs whose row of tabs wraps onto a second line on a phone: at 375 px every tab is
 * whole and in sight. A row that scrolled sideways cut its last tabs at the screen's edge with
 * no cue that more were there (the profile's, then Explore's seven). Use it with Tabs.List,
 * Tabs.Tab and Tabs.Panel as usual.
 */
export function WrappingTabs(props: Omit<TabsProps, "classNames">) {
  return <Tabs {...props} classNames={{ list: classes.list, tab: classes.tab }} />;
}
