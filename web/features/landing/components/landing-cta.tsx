import { Button } from "@mantine/core";
import { IconArrowRight, IconBrandApple, IconBrandGooglePlay } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import shared from "#web/components/public-page.module.css";
import classes from "./landing-cta.module.css";

const STORES = [
  { id: "app-store", icon: IconBrandApple, kicker: "Download on the", name: "App Store" },
  { id: "google-play", icon: IconBrandGooglePlay, kicker: "Get it on", name: "Google Play" },
];

/** Closing call to action, plus the store buttons that stay disabled until launch. */
export function LandingCta() {
  return (
    <section className={classes.section} aria-labelledby="cta-title">
      <div className={classes.panel}>
        <div className={classes.glow} aria-hidden="true" />
        <h2 id="cta-title" className={`${shared.display} ${classes.title}`}>
          Ready to start tracking experiences?
        </h2>
        <p className={classes.text}>It takes 10 seconds to track your first experience.</p>
        <Button
          component={Link}
          to={screenPaths.auth}
          size="lg"
          variant="white"
          color="paprika.9"
          className={classes.getStarted}
          rightSection={<IconArrowRight size={20} stroke={2} aria-hidden="true" />}
        >
          Get Started
        </Button>

        <ul className={classes.stores} aria-label="Mobile apps">
          {STORES.map((store) => (
            <li key={store.id} className={classes.store}>
              <Button
                disabled
                size="lg"
                radius="md"
                className={classes.storeButton}
                aria-describedby={`${store.id}-soon`}
                leftSection={<store.icon size={24} stroke={1.6} aria-hidden="true" />}
              >
                <span className={classes.storeLabel}>
                  <span className={classes.storeKicker}>{store.kicker} </span>
                  <span className={classes.storeName}>{store.name}</span>
                </span>
              </Button>
              <span
                id={`${store.id}-soon`}
                className={`${shared.badge} ${shared.badgeSmall} ${classes.soon}`}
              >
                Coming Soon
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
