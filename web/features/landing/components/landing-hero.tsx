import { Button } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import {
  IconArrowRight,
  IconBowlChopsticks,
  IconCoffee,
  IconHeartFilled,
  IconIceCream,
  IconMapPin,
  IconMessageCircle,
  IconPizza,
  IconSearch,
  IconSparkles,
  IconStarFilled,
} from "@tabler/icons-react";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import shared from "#web/components/public-page.module.css";
import { TastedLogo } from "#web/components/tasted-logo.tsx";
import classes from "./landing-hero.module.css";

const POPULAR_SEARCHES = ["Ramen", "Tacos", "Brunch", "Pizza"];
/** Some text other than spaces (the browser's own check, before the app has started). */
const NOT_BLANK = ".*\\S.*";

/** A purely decorative sample review card: it shows what a saved dish looks like. */
function PreviewCard() {
  return (
    <div className={classes.preview} aria-hidden="true">
      <div className={`${classes.card} ${classes.cardBack}`}>
        <div className={`${classes.photo} ${classes.photoGreen}`}>
          <IconPizza size={72} stroke={1.3} />
        </div>
        <div className={classes.cardBody}>
          <div className={classes.cardTitle}>Margherita</div>
          <div className={classes.cardMeta}>Forno Rosso</div>
        </div>
      </div>
      <div className={`${classes.card} ${classes.cardFront}`}>
        <div className={classes.photo}>
          <span className={classes.photoBadge}>Dish</span>
          <IconBowlChopsticks size={96} stroke={1.2} />
        </div>
        <div className={classes.cardBody}>
          <div className={classes.cardRow}>
            <div className={classes.cardTitle}>Tonkotsu Ramen</div>
            <div className={classes.cardPrice}>$16.50</div>
          </div>
          <div className={classes.cardMeta}>
            <IconMapPin size={14} stroke={1.8} /> Menya Koji · 0.4 km
          </div>
          <div className={classes.stars}>
            {[1, 2, 3, 4, 5].map((n) => (
              <IconStarFilled key={n} size={16} />
            ))}
          </div>
          <div className={classes.cardStats}>
            <span>
              <IconHeartFilled size={15} className={classes.heart} /> 128
            </span>
            <span>
              <IconMessageCircle size={15} stroke={1.8} /> 24
            </span>
          </div>
        </div>
      </div>
      <div className={classes.toast}>
        <IconHeartFilled size={16} className={classes.heart} />
        Saved to your favourites
      </div>
    </div>
  );
}

/** Landing hero: the tagline and a search box that hands its text to /explore. */
export function LandingHero() {
  const navigate = useNavigate();
  // The prerendered page (web/app/prerender.tsx) shows this form before the app has started:
  // the browser then submits it itself, to /explore?q=…, and refuses a blank box. Once started,
  // onSubmit searches and a blank search does nothing.
  const appStarted = useMounted();
  const [query, setQuery] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the prerendered box before the app started is only in the page: hydration
  // leaves it there, and the next render would wipe it (and search for "") unless the state
  // takes it over first.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) setQuery(typed);
  }, []);

  function search(text: string) {
    const trimmed = text.trim();
    // Spec 2: a blank search does nothing.
    if (!trimmed) return;
    navigate(screenPaths.explore, { state: { query: trimmed } });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(query);
  }

  return (
    <section className={classes.hero} aria-labelledby="landing-title">
      <div className={classes.backdrop} aria-hidden="true">
        <span className={`${classes.sticker} ${classes.s1}`}>
          <IconPizza stroke={1.5} />
        </span>
        <span className={`${classes.sticker} ${classes.s2}`}>
          <IconCoffee stroke={1.5} />
        </span>
        <span className={`${classes.sticker} ${classes.s4}`}>
          <IconIceCream stroke={1.5} />
        </span>
        <span className={`${classes.sticker} ${classes.s5}`}>
          <IconStarFilled />
        </span>
      </div>

      <div className={classes.inner}>
        <div className={classes.copy}>
          <p className={classes.eyebrow}>
            <span className={classes.eyebrowBrand}>
              <TastedLogo size={22} />
              Tasted
            </span>
            <span className={classes.eyebrowTagline}>
              <IconSparkles size={16} stroke={1.8} aria-hidden="true" />
              Your food diary, made social
            </span>
          </p>
          <h1 id="landing-title" className={`${shared.display} ${classes.title}`}>
            Track what you try. <span className={classes.accent}>Remember what you love.</span>
          </h1>
          <p className={classes.lead}>
            Snap it, rate it, find it again. Discover what food lovers near you can't stop talking
            about.
          </p>

          <search className={classes.searchLandmark}>
            <form className={classes.search} onSubmit={onSubmit} action={screenPaths.explore}>
              {/* A plain input, not Mantine's TextInput: its wrapper, label and error parts
                  (4 kB gzip) would ride in the landing page's first bundle for one box. */}
              <div className={classes.searchField}>
                <IconSearch
                  size={20}
                  stroke={1.8}
                  aria-hidden="true"
                  className={classes.searchIcon}
                />
                <input
                  name="q"
                  required={!appStarted}
                  pattern={appStarted ? undefined : NOT_BLANK}
                  aria-label="Search"
                  placeholder="Search dishes, restaurants, or users..."
                  ref={input}
                  value={query}
                  onChange={(event) => setQuery(event.currentTarget.value)}
                  className={classes.searchInput}
                />
              </div>
              <Button
                type="submit"
                color="paprika.8"
                size="md"
                className={classes.searchButton}
                rightSection={<IconArrowRight size={18} stroke={2} aria-hidden="true" />}
              >
                Search
              </Button>
            </form>
          </search>

          <div className={classes.popular}>
            <span className={classes.popularLabel} id="popular-label">
              Popular:
            </span>
            <ul className={classes.chips} aria-labelledby="popular-label">
              {POPULAR_SEARCHES.map((term) => (
                <li key={term}>
                  <button type="button" className={classes.chip} onClick={() => search(term)}>
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <PreviewCard />
      </div>

      <svg
        className={classes.wave}
        viewBox="0 0 1440 64"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M0 40c180 22 360 26 540 12S900 6 1080 14s300 30 360 34v16H0z" />
      </svg>
    </section>
  );
}
