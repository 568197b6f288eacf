export type AuthMode = "signup" | "signin";

/** The sub-tab /auth opens on: from navigation state (Sign In / Sign Up links), default sign-up. */
export function initialAuthMode(state: unknown): AuthMode {
  const mode = (state as { mode?: unknown } | null)?.mode;
  return mode === "signin" ? "signin" : "signup";
}
