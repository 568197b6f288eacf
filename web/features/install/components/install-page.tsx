import { Badge, Button } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import {
  IconApps,
  IconArrowsMaximize,
  IconBolt,
  IconBrandAndroid,
  IconBrandChrome,
  IconBrandSafari,
  IconCheck,
  IconCircleCheck,
  IconDotsVertical,
  IconDownload,
  IconInfoCircle,
  IconRefresh,
  IconShare2,
  IconSquarePlus,
  IconWifiOff,
} from "@tabler/icons-react";
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";
import shared from "#web/components/public-page.module.css";
import { PublicPage } from "#web/components/public-page.tsx";
import { TastedLogo } from "#web/components/tasted-logo.tsx";
import { toast } from "#web/lib/toast.ts";
import { isRunningStandalone, useInstallPrompt } from "../use-install-prompt.ts";
import classes from "./install-page.module.css";

type Platform = "ios" | "android" | "other";

interface IconProps {
  size?: number;
  stroke?: number;
}

interface Guide {
  id: string;
  platform: Platform;
  title: string;
  icon: ComponentType<IconProps>;
  steps: { icon: ComponentType<IconProps>; text: string }[];
}

const GUIDES: Guide[] = [
  {
    id: "ios-safari",
    platform: "ios",
    title: "iOS Safari",
    icon: IconBrandSafari,
    steps: [
      {
        icon: IconShare2,
        text: "Tap the Share button (the square with an arrow) in Safari's toolbar.",
      },
      { icon: IconSquarePlus, text: "Scroll down and tap “Add to Home Screen”." },
      { icon: IconCheck, text: "Tap “Add” in the top-right corner." },
    ],
  },
  {
    id: "android",
    platform: "android",
    title: "Android",
    icon: IconBrandAndroid,
    steps: [
      { icon: IconDotsVertical, text: "Open your browser's menu ⋮ in the top-right corner." },
      { icon: IconDownload, text: "Tap “Install app” or “Add to Home screen”." },
      { icon: IconCheck, text: "Confirm, and Tasted appears with your other apps." },
    ],
  },
  {
    id: "chrome-mobile",
    platform: "other",
    title: "Chrome mobile",
    icon: IconBrandChrome,
    steps: [
      { icon: IconDownload, text: "Tap “Install” on the banner at the bottom of the screen." },
      { icon: IconDotsVertical, text: "No banner? Open the menu ⋮ and choose “Install app”." },
      { icon: IconApps, text: "Open Tasted from your home screen or app drawer." },
    ],
  },
];

const BENEFITS = [
  {
    icon: IconBolt,
    title: "Faster access",
    text: "Open Tasted in one tap from your home screen, no typing or tab hunting.",
  },
  {
    icon: IconWifiOff,
    title: "Offline support",
    text: "The app opens even on a patchy connection, so it is there when you need it.",
  },
  {
    icon: IconArrowsMaximize,
    title: "Full screen",
    text: "No browser bars in the way, just more room for your food photos.",
  },
  {
    icon: IconRefresh,
    title: "Auto updates",
    text: "Always the latest version, updated quietly in the background.",
  },
];

/** A phone home screen with Tasted among the apps: what installing gets you, at a glance. */
function HomeScreenPreview() {
  return (
    <div className={classes.phone} aria-hidden="true">
      <div className={classes.phoneNotch} />
      <div className={classes.phoneGrid}>
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of placeholder tiles
          <span key={index} className={classes.phoneApp} />
        ))}
        <span className={classes.phoneTasted}>
          <TastedLogo size={52} />
          <span className={classes.phoneLabel}>Tasted</span>
        </span>
      </div>
      <div className={classes.phoneDock}>
        <span className={classes.phoneApp} />
        <span className={classes.phoneApp} />
        <span className={classes.phoneApp} />
        <span className={classes.phoneApp} />
      </div>
    </div>
  );
}

function detectPlatform(): Platform {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac; touch support gives it away.
  if (/iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) {
    return "ios";
  }
  return /Android/.test(ua) ? "android" : "other";
}

/** /install: one-tap install where offered, manual steps everywhere. */
export function InstallPage() {
  useDocumentTitle("Install Tasted · Tasted");
  const [installed, setInstalled] = useState(isRunningStandalone);
  const [platform] = useState(detectPlatform);
  const [installing, setInstalling] = useState(false);
  const { canInstall, install } = useInstallPrompt({
    onInstalled: () => {
      setInstalled(true);
      toast.success("Installed successfully", "Tasted was added to your home screen.");
    },
  });

  // Once per visit: React's development double-run of effects must not show it twice.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || !isRunningStandalone()) return;
    announced.current = true;
    toast.success("Already installed", "Tasted is already on your home screen.");
  }, []);

  async function onInstall() {
    setInstalling(true);
    try {
      await install();
    } finally {
      setInstalling(false);
    }
  }

  let status: ReactNode;
  if (installed) {
    status = (
      <div className={`${classes.status} ${classes.statusDone}`} role="status">
        <IconCircleCheck size={28} stroke={1.8} aria-hidden="true" className={classes.statusIcon} />
        <div>
          <p className={classes.statusTitle}>You're all set</p>
          <p className={classes.statusText}>
            Open Tasted from your home screen for the full-screen app, or keep browsing here.
          </p>
        </div>
      </div>
    );
  } else if (canInstall) {
    status = (
      <div className={classes.quick}>
        <Button
          size="lg"
          color="paprika.8"
          loading={installing}
          onClick={onInstall}
          leftSection={<IconDownload size={20} stroke={2} aria-hidden="true" />}
        >
          Install Tasted
        </Button>
        <p className={classes.quickNote}>Free, no app store needed, takes a few seconds.</p>
      </div>
    );
  } else {
    status = (
      <div className={classes.status}>
        <IconInfoCircle size={26} stroke={1.8} aria-hidden="true" className={classes.statusIcon} />
        <p className={classes.statusText}>
          Your browser does not offer one-tap install here. Follow the steps for your device below;
          it takes under a minute.
        </p>
      </div>
    );
  }

  return (
    <PublicPage maxWidth={1040}>
      <section className={classes.hero} aria-labelledby="install-title">
        <div className={classes.appIcon} aria-hidden="true">
          <TastedLogo size={64} />
        </div>
        <div className={classes.heroCopy}>
          <h1 id="install-title" className={`${shared.display} ${classes.title}`}>
            Add Tasted to your home screen
          </h1>
          <p className={classes.lead}>
            Install Tasted like an app: it opens in one tap, runs full screen and keeps working on a
            patchy connection.
          </p>
          {status}
        </div>
        <HomeScreenPreview />
      </section>

      <section className={classes.block} aria-labelledby="install-steps">
        <h2 id="install-steps" className={`${shared.display} ${classes.blockTitle}`}>
          How to install
        </h2>
        <div className={`${shared.cardList} ${classes.guides}`}>
          {GUIDES.map((guide) => (
            <article
              key={guide.id}
              className={`${shared.card} ${classes.guide}`}
              aria-labelledby={`${guide.id}-title`}
              data-current={guide.platform === platform && platform !== "other"}
            >
              <div className={classes.guideHead}>
                <span className={`${shared.iconTile} ${classes.guideIcon}`} aria-hidden="true">
                  <guide.icon size={24} stroke={1.7} />
                </span>
                <h3 id={`${guide.id}-title`} className={classes.guideTitle}>
                  {guide.title}
                </h3>
                {guide.platform === platform && platform !== "other" && (
                  <Badge variant="tasted-current" className={shared.accentBadge}>
                    Your device
                  </Badge>
                )}
              </div>
              <ol className={classes.steps}>
                {guide.steps.map((step, index) => (
                  <li key={step.text} className={classes.step}>
                    <span className={classes.stepIcon} data-step={index + 1} aria-hidden="true">
                      <step.icon size={20} stroke={1.8} />
                    </span>
                    <span className={classes.stepText}>{step.text}</span>
                  </li>
                ))}
              </ol>
            </article>
          ))}
        </div>
      </section>

      <section className={classes.block} aria-labelledby="why-install">
        <h2 id="why-install" className={`${shared.display} ${classes.blockTitle}`}>
          Why Install?
        </h2>
        <ul className={`${shared.cardList} ${classes.benefits}`}>
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className={`${shared.card} ${classes.benefit}`}>
              <span className={`${shared.iconCircle} ${classes.benefitIcon}`} aria-hidden="true">
                <benefit.icon size={24} stroke={1.7} />
              </span>
              <div>
                <h3 className={classes.benefitTitle}>{benefit.title}</h3>
                <p className={classes.benefitText}>{benefit.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </PublicPage>
  );
}
