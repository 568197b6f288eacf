import { Anchor, Divider, SegmentedControl, Stack, Tabs, Text } from "@mantine/core";
import { IconDeviceMobile, IconMail } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { CenteredCard } from "#web/components/centered-card.tsx";
import { appConfigQuery } from "#web/lib/app-config.ts";
import { profileIncomplete, useSession } from "#web/lib/session.tsx";
import { type AuthMode, initialAuthMode } from "../auth-mode.ts";
import { useFinishSignIn } from "../use-finish-sign-in.ts";
import classes from "./auth-page.module.css";
import { EmailAuthForm } from "./email-auth-form.tsx";
import { ForgotPassword } from "./forgot-password.tsx";
import { GoogleButton } from "./google-button.tsx";
import { PhoneAuthForm } from "./phone-auth-form.tsx";
import { TwoFactorChallenge } from "./two-factor-challenge.tsx";

type View = "main" | "forgot" | "two-factor";
type Method = "email" | "phone";

function ModeSwitch({ mode, onChange }: { mode: AuthMode; onChange: (mode: AuthMode) => void }) {
  return (
    <SegmentedControl
      fullWidth
      radius="xl"
      aria-label="Sign up or sign in"
      value={mode}
      onChange={(value) => onChange(value as AuthMode)}
      data={[
        { value: "signup", label: "Sign Up" },
        { value: "signin", label: "Sign In" },
      ]}
    />
  );
}

const TITLES: Record<View, string> = {
  main: "",
  forgot: "Reset your password",
  "two-factor": "Two-factor authentication",
};

/**
 * /auth: Google (where configured), then Email and Phone tabs, each with Sign Up / Sign In. The
 * sub-tab starts from navigation state (landing's Sign In / Sign Up), default sign-up. Forgot
 * password and the two-factor challenge replace the card's content in place.
 */
export function AuthPage() {
  const location = useLocation();
  const { session } = useSession();
  const finish = useFinishSignIn();
  const [mode, setMode] = useState<AuthMode>(() => initialAuthMode(location.state));
  const [method, setMethod] = useState<Method>("email");
  const [view, setView] = useState<View>("main");
  const [phoneStep, setPhoneStep] = useState<"phone" | "code">("phone");
  const [forgotEmail, setForgotEmail] = useState("");
  // Google sign-in is offered only where the server has a Google client.
  const google = useQuery(appConfigQuery).data?.signInMethods.google === true;

  // Someone already signed in who opens /auth goes on to the app; someone who signs in here is
  // sent on by the form itself (sign-up to /setup), so the page must not race it.
  const sawSignedOut = useRef(false);
  useEffect(() => {
    if (session.status === "signed-out") sawSignedOut.current = true;
  }, [session.status]);
  if (session.status === "signed-in" && !sawSignedOut.current) {
    return (
      <Navigate
        to={profileIncomplete(session.profile) ? screenPaths.setup : screenPaths.feed}
        replace
      />
    );
  }

  const codeStep = method === "phone" && phoneStep === "code";
  let title = TITLES[view];
  let subtitle: string | undefined;
  if (view === "main") {
    if (codeStep) {
      title = "Check your phone";
    } else if (mode === "signup") {
      title = "Create your account";
      subtitle = "Track what you try. Remember what you love.";
    } else {
      title = "Welcome back";
      subtitle = "Sign in to pick up where you left off.";
    }
  }

  const footer = (
    <Text c="dimmed" size="xs">
      By continuing you agree to our{" "}
      <Anchor component={Link} to={screenPaths.terms} size="xs">
        Terms of Service &amp; SMS Consent
      </Anchor>
      .
    </Text>
  );

  return (
    <CenteredCard title={title} subtitle={subtitle} footer={footer}>
      {view === "forgot" && (
        <ForgotPassword initialEmail={forgotEmail} onBack={() => setView("main")} />
      )}
      {view === "two-factor" && (
        <TwoFactorChallenge onVerified={() => finish("sign-in")} onCancel={() => setView("main")} />
      )}
      {view === "main" && (
        <Stack gap="lg">
          {!codeStep && google && (
            <>
              <GoogleButton />
              <Divider label="or continue with" labelPosition="center" />
            </>
          )}
          <Tabs
            value={method}
            onChange={(value) => {
              setMethod(value === "phone" ? "phone" : "email");
              setPhoneStep("phone");
            }}
            variant="unstyled"
            keepMounted={false}
            classNames={{ list: classes.tabs, tab: classes.tab, tabLabel: classes.tabLabel }}
          >
            {!codeStep && (
              <Tabs.List grow>
                <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden />}>
                  Email
                </Tabs.Tab>
                <Tabs.Tab value="phone" leftSection={<IconDeviceMobile size={16} aria-hidden />}>
                  Phone
                </Tabs.Tab>
              </Tabs.List>
            )}
            <Tabs.Panel value="email" pt="lg">
              <Stack gap="lg">
                <ModeSwitch mode={mode} onChange={setMode} />
                <EmailAuthForm
                  mode={mode}
                  onTwoFactor={() => setView("two-factor")}
                  onForgotPassword={(email) => {
                    setForgotEmail(email);
                    setView("forgot");
                  }}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="phone" pt={codeStep ? 0 : "lg"}>
              <Stack gap="lg">
                {!codeStep && <ModeSwitch mode={mode} onChange={setMode} />}
                <PhoneAuthForm mode={mode} onStepChange={setPhoneStep} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
          {!codeStep && (
            <Text size="sm" ta="center" c="dimmed">
              {mode === "signup" ? "Already have an account? " : "New to Tasted? "}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => setMode(mode === "signup" ? "signin" : "signup")}
              >
                {mode === "signup" ? "Sign in" : "Create an account"}
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </CenteredCard>
  );
}
