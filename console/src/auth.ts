// Sign-in in AWS: Cognito's hosted page with the authorization code grant and PKCE (S256), for a
// public client (docs/security.md). The deployment's /console/config.json names the API, the
// sign-in host and the client; without it (the local runtime) the console signs in locally.

export type Config = { apiUrl: string; signInUrl: string; clientId: string };

let loaded: Promise<Config | null> | null = null;

/** The deployment's settings, or null locally (no config.json beside the console). */
export function config(): Promise<Config | null> {
  loaded ??= fetch("/console/config.json")
    .then((r) => (r.ok ? (r.json() as Promise<Partial<Config>>) : null))
    .then((c) => (c?.apiUrl && c.signInUrl && c.clientId ? (c as Config) : null))
    .catch(() => null);
  return loaded;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A PKCE verifier (43 characters from 32 random bytes) and its S256 challenge (RFC 7636). */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** Goes to the hosted sign-in page; the verifier and state wait in this tab's storage. */
export async function startSignIn(c: Config): Promise<void> {
  const { verifier, challenge } = await pkce();
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  sessionStorage.setItem("fairslot.pkce", JSON.stringify({ verifier, state, back: location.hash }));
  const q = new URLSearchParams({
    response_type: "code",
    client_id: c.clientId,
    redirect_uri: location.origin + "/",
    scope: "openid email profile",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
  });
  location.assign(`${c.signInUrl}/oauth2/authorize?${q}`);
}

/**
 * Back from the sign-in page with ?code=&state=: the code is exchanged, with the verifier, for
 * tokens. Returns the access token and its subject and groups, or null if this is no such return.
 */
export async function finishSignIn(
  c: Config,
): Promise<{ token: string; userId: string; groups: string[] } | null> {
  const q = new URLSearchParams(location.search);
  const code = q.get("code");
  const saved = JSON.parse(sessionStorage.getItem("fairslot.pkce") ?? "null");
  if (!code || !saved || q.get("state") !== saved.state) return null;
  sessionStorage.removeItem("fairslot.pkce");
  const r = await fetch(`${c.signInUrl}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: c.clientId,
      code,
      redirect_uri: location.origin + "/",
      code_verifier: saved.verifier,
    }),
  });
  if (!r.ok) throw new Error("sign-in failed: " + r.status);
  const tokens = await r.json();
  const claims = JSON.parse(atob(tokens.access_token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
  history.replaceState(null, "", "/" + (saved.back ?? ""));
  return { token: tokens.access_token, userId: claims.sub, groups: claims["cognito:groups"] ?? [] };
}
