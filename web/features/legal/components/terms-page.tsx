import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import shared from "#web/components/public-page.module.css";
import { PublicPage } from "#web/components/public-page.tsx";
import classes from "./terms-page.module.css";

const LAST_UPDATED = { iso: "2026-11-01", label: "November 1, 2026" };
const SUPPORT_EMAIL = "support@tasted.app";

interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

const mail = (
  <a className={classes.link} href={`mailto:${SUPPORT_EMAIL}`}>
    {SUPPORT_EMAIL}
  </a>
);

/** The six sections SMS carriers look for, in the order they expect them. */
const SECTIONS: TermsSection[] = [
  {
    id: "service-description",
    title: "Service Description",
    body: (
      <>
        <p>
          Tasted is a personal food-experience tracker and social platform. You can record the
          dishes and restaurants you try with photos, a rating, what you paid and your own notes;
          publish short posts; follow other food lovers; like and comment on their reviews; and
          receive notifications about activity that involves you.
        </p>
        <p>
          Visitors can browse the feed, public profiles, restaurant pages and search without an
          account. Features marked "Coming Soon", such as product tracking and the mobile store
          apps, are not available yet. We may add, change or retire features over time, and we
          provide the service "as is", without guarantees that it will always be available or
          error-free.
        </p>
      </>
    ),
  },
  {
    id: "sms-consent",
    title: "SMS/Text Messaging Consent",
    body: (
      <>
        <p>
          When you enter your mobile number to sign up or sign in, you agree to receive text
          messages from Tasted containing a one-time verification code. By requesting a code you
          confirm that you are the owner or authorized user of that number.
        </p>
        <ul className={classes.list}>
          <li>
            <strong>What we send:</strong> one-time verification codes only. We never send marketing
            or promotional texts.
          </li>
          <li>
            <strong>How often:</strong> message frequency varies; you receive one message each time
            you request a code.
          </li>
          <li>
            <strong>Cost:</strong> message and data rates may apply, according to your mobile plan.
          </li>
          <li>
            <strong>Opting out:</strong> reply <strong>STOP</strong> to any message to stop
            receiving texts. You can still sign in with email or Google.
          </li>
          <li>
            <strong>Help:</strong> reply <strong>HELP</strong> to any message, or email {mail}.
          </li>
          <li>
            <strong>No purchase required:</strong> consent to receive text messages is not a
            condition of any purchase.
          </li>
        </ul>
        <p>
          Mobile carriers are not liable for delayed or undelivered messages. We do not sell or
          share your phone number with third parties for their marketing.
        </p>
      </>
    ),
  },
  {
    id: "account-registration",
    title: "Account Registration",
    body: (
      <>
        <p>
          You can create an account with an email address and password, with your mobile number and
          a one-time code, or with Google sign-in. You must be at least 13 years old, or the minimum
          age required in your country, to create an account.
        </p>
        <p>
          Please give accurate information, pick a username that does not impersonate anyone, and
          keep your password and devices secure. You are responsible for activity on your account;
          tell us straight away at {mail} if you think someone else has used it. We may suspend or
          close accounts that break these terms.
        </p>
      </>
    ),
  },
  {
    id: "user-conduct",
    title: "User Conduct",
    body: (
      <>
        <p>
          You keep ownership of the photos, reviews, posts and comments you publish, and you give
          Tasted permission to store and display them to run the service. Reviews are most useful
          when they are honest, so please do not:
        </p>
        <ul className={classes.list}>
          <li>
            post fake reviews, review places you have not visited, or accept payment for a review
            without saying so;
          </li>
          <li>
            harass, threaten or discriminate against anyone, or post hateful, violent or sexual
            content;
          </li>
          <li>
            upload photos or text you do not have the right to share, or other people's personal
            information;
          </li>
          <li>spam, scrape, or attempt to disrupt or gain unauthorized access to the service.</li>
        </ul>
        <p>
          Anyone can report content. Our moderators may hide content or restrict accounts that break
          these rules.
        </p>
      </>
    ),
  },
  {
    id: "privacy",
    title: "Privacy",
    body: (
      <>
        <p>
          We collect what we need to run Tasted: your account details (email address or phone
          number, name and username), your profile, the content you post, and basic technical
          information that keeps the service secure. Your reviews, posts and profile are public.
        </p>
        <p>
          We remove location data (EXIF and GPS) from every photo you upload. Your phone number is
          used only to send verification codes. We do not sell your personal information. You can
          edit your profile and delete your content at any time; to delete your account, contact us.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms, text messages or your account? Email us at {mail} and we will
        get back to you. For text-message help, reply <strong>HELP</strong>; to stop texts, reply{" "}
        <strong>STOP</strong>.
      </p>
    ),
  },
];

/** /terms: Terms of Service & SMS Consent, the page SMS carriers review. */
export function TermsPage() {
  useDocumentTitle("Terms of Service & SMS Consent · Tasted");
  return (
    <PublicPage maxWidth={720}>
      <header className={classes.intro}>
        <p className={shared.eyebrow}>Legal</p>
        <h1 className={`${shared.display} ${classes.title}`}>Terms of Service & SMS Consent</h1>
        <p className={classes.updated}>
          Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </p>
        <p className={classes.lead}>
          These terms explain what Tasted offers, how we use text messages, and what we ask of
          everyone who shares their food experiences here. By using Tasted you agree to them.
        </p>
      </header>

      <nav className={`${shared.card} ${classes.toc}`} aria-label="On this page">
        <p className={classes.tocTitle}>On this page</p>
        <ol className={classes.tocList}>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={classes.tocLink}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className={classes.sections}>
        {SECTIONS.map((section) => (
          <section key={section.id} className={classes.section} aria-labelledby={section.id}>
            <h2 id={section.id} className={classes.heading}>
              {section.title}
            </h2>
            <div className={classes.body}>{section.body}</div>
          </section>
        ))}
      </div>
    </PublicPage>
  );
}
