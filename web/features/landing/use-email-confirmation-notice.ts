import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { EMAIL_CONFIRMED_PARAM, screenPaths } from "#domain/screen-paths.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";

const emailConfirmationMessages = {
  confirmed: "Email confirmed",
  thanks: "Thanks! Your email address is confirmed.",
  admin: "Your account now has admin rights.",
  invalidTitle: "Link not valid",
  invalid: "This confirmation link is invalid or has expired.",
  resent: "Check your email for a new confirmation link.",
} as const;

/**
 * An email confirmation link ends on the landing page, and goes on to /feed when the person is
 * signed in there: say whether the address is confirmed
 * (and, for an address of ADMIN_EMAILS, that the account is now an admin), or what to do when the
 * link was not valid. Said once: the marker leaves the address, so a reload does not repeat it.
 */
export function useEmailConfirmationNotice() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { session, user, refresh } = useSession();
  const arrived = params.has(EMAIL_CONFIRMED_PARAM);
  const failed = params.get("error");
  const announced = useRef(false);

  useEffect(() => {
    if (!arrived || session.status === "loading" || announced.current) return;
    announced.current = true;
    // Confirmed while signed in: on to their feed (which sends an unfinished account to set up).
    if (!failed && session.status === "signed-in") {
      navigate(screenPaths.feed, { replace: true });
    } else {
      setParams(
        (current) => {
          current.delete(EMAIL_CONFIRMED_PARAM);
          current.delete("error");
          return current;
        },
        { replace: true },
      );
    }
    if (failed) {
      const email = user?.email;
      toast.error(emailConfirmationMessages.invalidTitle, emailConfirmationMessages.invalid, {
        action: email
          ? {
              label: "Send a new link",
              onClick: () => {
                void import("#web/lib/auth-client.ts")
                  .then(({ authClient }) =>
                    authClient.sendVerificationEmail({
                      email,
                      callbackURL: screenPaths.emailConfirmed,
                    }),
                  )
                  .then(({ error }) =>
                    error
                      ? toast.error("Error", error.message || "Could not send the email")
                      : toast.success("Email sent", emailConfirmationMessages.resent),
                  );
              },
            }
          : { label: "Sign in", onClick: () => navigate(screenPaths.auth) },
      });
      return;
    }
    // The role may have changed with the confirmation (ADMIN_EMAILS): read it again first.
    void refresh()
      .catch(() => null)
      .then((me) =>
        toast.success(
          emailConfirmationMessages.confirmed,
          me?.isAdmin ? emailConfirmationMessages.admin : emailConfirmationMessages.thanks,
        ),
      );
  }, [arrived, failed, session.status, user?.email, refresh, setParams, navigate]);
}
