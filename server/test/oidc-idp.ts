// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 that plays Google in tests.
// It knows one client (the app) and one account, and its login step signs that account in at
// once, so a test can walk the whole redirect flow with plain HTTP.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestIdpAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName: string;
  familyName: string;
}

export interface TestIdp {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  account: TestIdpAccount;
  close(): Promise<void>;
}

const DEFAULT_IDP_ACCOUNT: TestIdpAccount = {
  sub: "google-account-1",
  email: "ann.google@example.com",
  emailVerified: true,
  name: "Ann Google",
  givenName: "Ann",
  familyName: "Google",
};

/** `appOrigin` is the app's PUBLIC_URL; its Google callback is the only redirect URI. */
export async function startTestIdp(
  appOrigin: string,
  account: TestIdpAccount = DEFAULT_IDP_ACCOUNT,
): Promise<TestIdp> {
  const clientId = "tasted-test-client";
  const clientSecret = "tasted-test-client-secret-0123456789";
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appOrigin}/api/auth/callback/google`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    async findAccount(_ctx: unknown, sub: string) {
      if (sub !== account.sub) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
            given_name: account.givenName,
            family_name: account.familyName,
          };
        },
      };
    },
    // First-party client: consent is implied, so no consent screen.
    async loadExistingGrant(ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor(clientId: string): string | undefined };
        result?: { consent?: { grantId?: string } };
      };
    }) {
      const existing =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (existing) return provider.Grant.find(existing);
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name", "given_name", "family_name"]);
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    pkce: { required: () => true },
    cookies: { keys: ["tasted-test-idp-cookie-key"] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });

  server.on("request", (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      // The login step: the test account signs in without a form.
      provider
        .interactionDetails(req, res)
        .then((details) => {
          if (details.prompt.name !== "login")
            throw new Error(`unexpected prompt ${details.prompt.name}`);
          return provider.interactionFinished(
            req,
            res,
            { login: { accountId: account.sub } },
            { mergeWithLastSubmission: false },
          );
        })
        .catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      return;
    }
    provider.callback()(req, res);
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    account,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
