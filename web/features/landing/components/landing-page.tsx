import { useDocumentTitle } from "@mantine/hooks";
import { PublicFooter } from "#web/components/public-footer.tsx";
import { LandingCta } from "./landing-cta.tsx";
import { LandingHeader } from "./landing-header.tsx";
import { LandingHero } from "./landing-hero.tsx";
import { ShareSection, StorySection, TrackSection } from "./landing-sections.tsx";

/** The public front door (spec 1 and 2 "Landing"). */
export function LandingPage() {
  useDocumentTitle("Tasted: Track what you try");
  return (
    <>
      <LandingHeader />
      <main>
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
