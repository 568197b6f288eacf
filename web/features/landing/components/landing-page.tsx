import { useDocumentTitle } from "@mantine/hooks";
import { PublicFooter } from "#web/components/public-footer.tsx";
import { mainContentProps } from "#web/components/skip-link.tsx";
import { useEmailConfirmationNotice } from "../use-email-confirmation-notice.ts";
import { LandingCta } from "./landing-cta.tsx";
import { LandingHeader } from "./landing-header.tsx";
import { LandingHero } from "./landing-hero.tsx";
import { ShareSection, StorySection, TrackSection } from "./landing-sections.tsx";

/** The public front door, where email confirmation links end too. */
export function LandingPage() {
  useDocumentTitle("Tasted: Track what you try");
  useEmailConfirmationNotice();
  return (
    <>
      <LandingHeader />
      <main {...mainContentProps}>
        <LandingHero />
        <StorySection />
        <TrackSection />
        <ShareSection />
        <LandingCta />
      </main>
      <PublicFooter />
    </>
  );
}
