import { useDocumentTitle, useMounted } from "@mantine/hooks";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { EMAIL_CONFIRMED_PARAM } from "#domain/screen-paths.ts";
import { PublicFooter } from "#web/components/public-footer.tsx";
import { mainContentProps } from "#web/components/skip-link.tsx";
import { LandingCta } from "./landing-cta.tsx";
import { LandingHeader } from "./landing-header.tsx";
import { LandingHero } from "./landing-hero.tsx";
import { ShareSection, StorySection, TrackSection } from "./landing-sections.tsx";

/** Loaded only when a confirmation link brought the visitor here: most visits have none. */
const EmailConfirmationNotice = lazy(async () => {
  const { useEmailConfirmationNotice } = await import("../use-email-confirmation-notice.ts");
  return {
    default: () => {
      useEmailConfirmationNotice();
      return null;
    },
  };
});

/** The public front door, where email confirmation links end too. */
export function LandingPage() {
  useDocumentTitle("Tasted: Track what you try");
  const [params] = useSearchParams();
  // The prerendered markup of "/" has no notice: adding it only after the first render keeps
  // that render identical to the markup it hydrates.
  const mounted = useMounted();
  return (
    <>
      {mounted && params.has(EMAIL_CONFIRMED_PARAM) && (
        <Suspense fallback={null}>
          <EmailConfirmationNotice />
        </Suspense>
      )}
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
