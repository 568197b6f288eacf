import { IconCloudOff } from "@tabler/icons-react";
import { useOnline } from "#web/lib/online.ts";
import classes from "./offline-notice.module.css";

/**
 * Says the screen shows what was seen last, while the device has no network. The live region
 * is always there, so a screen reader announces "Offline" when the network goes and the notice
 * leaves when it is back (every screen on show then reads again).
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" className={classes.region}>
      {!online && (
        <p className={classes.notice}>
          <IconCloudOff size={16} stroke={1.8} aria-hidden />
          <strong>Offline</strong>
          <span className={classes.hint}>Showing what you saw last</span>
        </p>
      )}
    </div>
  );
}
