import {
  IconBookmark,
  IconCamera,
  IconCheck,
  IconClock,
  IconDiscount2,
  IconPencil,
  IconShoppingBag,
  IconStar,
  IconToolsKitchen2,
  IconUsers,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import shared from "#web/components/public-page.module.css";
import classes from "./landing-sections.module.css";

const NEARBY_PATH = "/explore?tab=nearby";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}

function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className={classes.heading}>
      <p className={shared.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={`${shared.display} ${classes.title}`}>
        {title}
      </h2>
      {children}
    </div>
  );
}

const STEPS = [
  {
    icon: IconCamera,
    title: "Snap a photo",
    text: "Catch the dish the moment it lands on the table.",
  },
  {
    icon: IconStar,
    title: "Rate it",
    text: "One to five stars, what you paid, a few honest words.",
  },
  {
    icon: IconBookmark,
    title: "Remember it",
    text: "Find that perfect plate again the next time a craving hits.",
  },
];

/** Story block: the whole product in three verbs. */
export function StorySection() {
  return (
    <section className={`${shared.palette} ${classes.section}`} aria-labelledby="story-title">
      <div className={`${shared.container} ${classes.container}`}>
        <SectionHeading
          id="story-title"
          eyebrow="How it works"
          title="Simple by design. Powerful in meaning."
        >
          <p className={classes.tagline}>No clutter. Just snap, rate, remember.</p>
        </SectionHeading>
        <ol className={`${shared.cardList} ${classes.threeColumns}`}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={`${shared.card} ${classes.step}`}>
              {/* The big step number is drawn by CSS: the list already numbers the steps. */}
              <span
                className={`${shared.iconTile} ${classes.stepIcon}`}
                data-step={String(index + 1).padStart(2, "0")}
                aria-hidden="true"
              >
                <step.icon size={26} stroke={1.7} />
              </span>
              <div>
                <h3 className={classes.cardTitle}>{step.title}</h3>
                <p className={classes.cardText}>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** "Track anything worth remembering": food today, products later. */
export function TrackSection() {
  return (
    <section
      className={`${shared.palette} ${classes.section} ${classes.tinted}`}
      aria-labelledby="track-title"
    >
      <div className={`${shared.container} ${classes.container}`}>
        <SectionHeading
          id="track-title"
          eyebrow="What you can track"
          title="Track anything worth remembering"
        >
          <p className={classes.sub}>
            From the neighbourhood taco stand to the tasting menu you saved up for.
          </p>
        </SectionHeading>
        <div className={classes.trackGrid}>
          <article className={`${shared.card} ${classes.trackCard}`}>
            <div className={classes.trackArt} aria-hidden="true">
              <IconToolsKitchen2 size={44} stroke={1.5} />
            </div>
            <div className={classes.trackBody}>
              <div className={classes.trackHead}>
                <h3 className={classes.cardTitle}>Restaurants & Food</h3>
                <span className={`${shared.badge} ${classes.badgeAvailable}`}>Available now</span>
              </div>
              <p className={classes.cardText}>
                Review every dish and every restaurant with photos, a rating and what it cost.
              </p>
              <ul className={classes.checks}>
                <li>
                  <IconCheck size={16} stroke={2.4} aria-hidden="true" /> Dish and restaurant
                  reviews
                </li>
                <li>
                  <IconCheck size={16} stroke={2.4} aria-hidden="true" /> Photos, ratings and prices
                </li>
                <li>
                  <IconCheck size={16} stroke={2.4} aria-hidden="true" /> Places near you, on the
                  map
                </li>
              </ul>
            </div>
          </article>
          <article className={`${shared.card} ${classes.trackCard}`}>
            <div className={`${classes.trackArt} ${classes.trackArtSoon}`} aria-hidden="true">
              <IconShoppingBag size={44} stroke={1.5} />
            </div>
            <div className={classes.trackBody}>
              <div className={classes.trackHead}>
                <h3 className={classes.cardTitle}>Products</h3>
                <span className={`${shared.badge} ${shared.accentBadge}`}>Coming Soon</span>
              </div>
              <p className={classes.cardText}>
                Snacks, sauces, coffee beans: soon you can rate the things you buy, not just the
                places you eat.
              </p>
              <ul className={`${classes.checks} ${classes.checksSoon}`}>
                <li>
                  <IconClock size={16} stroke={2} aria-hidden="true" /> Groceries and snacks
                </li>
                <li>
                  <IconClock size={16} stroke={2} aria-hidden="true" /> Coffee, tea and drinks
                </li>
                <li>
                  <IconClock size={16} stroke={2} aria-hidden="true" /> Sauces and pantry staples
                </li>
              </ul>
            </div>
          </article>
        </div>
      </div>
    </section>
  );
}

const SHARE_CARDS: { icon: typeof IconUsers; title: string; text: ReactNode }[] = [
  {
    icon: IconDiscount2,
    title: "Share Deals",
    text: "Spotted a happy hour or a lunch special? Pass it on to people nearby.",
  },
  {
    icon: IconPencil,
    title: "Create Posts",
    text: "Post photos, quick thoughts and tips when a full review is too much.",
  },
  {
    icon: IconUsers,
    title: "Build Community",
    // The promise is a feature: Explore's Nearby tab.
    text: (
      <>
        Follow locals and <a href={NEARBY_PATH}>discover what others love nearby</a>.
      </>
    ),
  },
];

/** "Share & Discover": the social side of Tasted. */
export function ShareSection() {
  return (
    <section className={`${shared.palette} ${classes.section}`} aria-labelledby="share-title">
      <div className={`${shared.container} ${classes.container}`}>
        <SectionHeading id="share-title" eyebrow="Better together" title="Share & Discover">
          <p className={classes.sub}>
            Good food is better when someone tells you where to find it.
          </p>
        </SectionHeading>
        <ul className={`${shared.cardList} ${classes.threeColumns}`}>
          {SHARE_CARDS.map((card) => (
            <li key={card.title} className={`${shared.card} ${classes.shareCard}`}>
              <span className={`${shared.iconCircle} ${classes.shareIcon}`} aria-hidden="true">
                <card.icon size={26} stroke={1.7} />
              </span>
              <div>
                <h3 className={classes.cardTitle}>{card.title}</h3>
                <p className={classes.cardText}>{card.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
