// A local stand-in for Google's OAuth 2.0 endpoints, speaking the same protocol: /authorize redirects back with a
// code and the state (or an error, per `mode`), /token exchanges the code (checking client credentials, the
// redirect URI and the PKCE verifier), /userinfo answers for the access token. Tests set the mode and profile.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeGoogleMode =
  | "success"
  /** the user refused consent: ?error=access_denied */
  | "access_denied"
  /** redirects back with the state but without a code */
  | "no_code"
  /** redirects back with a state that is not the one the app sent */
  | "wrong_state"
  /** /token answers 400 invalid_grant */
  | "token_error"
  /** /userinfo answers 500 */
  | "userinfo_error";

export interface FakeGoogleProfile {
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  mode: FakeGoogleMode;
  profile: FakeGoogleProfile;
  /** The query of the last /authorize request (to check scopes, access_type, prompt, redirect_uri). */
  lastAuthorize: URLSearchParams | null;
  /** The GOOGLE_* variables that point a server at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  used: boolean;
}

const AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#F9AF24"/><text x="16" y="21" font-size="14" text-anchor="middle" font-family="sans-serif">A</text></svg>';

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Set<string>();

  const fake: FakeGoogle = {
    url: "",
    clientId: "fake-client-id.apps.googleusercontent.com",
    clientSecret: "fake-client-secret",
    mode: "success",
    profile: {},
    lastAuthorize: null,
    env: () => ({
      GOOGLE_CLIENT_ID: fake.clientId,
      GOOGLE_CLIENT_SECRET: fake.clientSecret,
      GOOGLE_AUTH_URL: `${fake.url}/authorize`,
      GOOGLE_TOKEN_URL: `${fake.url}/token`,
      GOOGLE_USERINFO_URL: `${fake.url}/userinfo`,
    }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    fake.lastAuthorize = q;
    const redirectUri = q.get("redirect_uri");
    if (q.get("client_id") !== fake.clientId || !redirectUri || q.get("response_type") !== "code") {
      return sendJson(res, 400, { error: "invalid_request" });
    }
    const back = new URL(redirectUri);
    const state = q.get("state") ?? "";
    if (fake.mode === "access_denied") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("state", state);
    } else if (fake.mode === "no_code") {
      back.searchParams.set("state", state);
    } else {
      const code = randomBytes(16).toString("hex");
      codes.set(code, { redirectUri, codeChallenge: q.get("code_challenge") ?? "", used: false });
      back.searchParams.set("code", code);
      back.searchParams.set("state", fake.mode === "wrong_state" ? "not-the-state-you-sent" : state);
    }
    res.writeHead(302, { Location: back.toString() });
    res.end();
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const basic = req.headers.authorization?.replace(/^Basic /, "") ?? "";
    const [id, secret] = Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent);
    if (id !== fake.clientId || secret !== fake.clientSecret) return sendJson(res, 401, { error: "invalid_client" });
    if (fake.mode === "token_error")
      return sendJson(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
    const issued = codes.get(form.get("code") ?? "");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (
      form.get("grant_type") !== "authorization_code" ||
      !issued ||
      issued.used ||
      issued.redirectUri !== form.get("redirect_uri") ||
      issued.codeChallenge !== challenge
    ) {
      return sendJson(res, 400, { error: "invalid_grant" });
    }
    issued.used = true;
    const accessToken = randomBytes(16).toString("hex");
    accessTokens.add(accessToken);
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      refresh_token: randomBytes(16).toString("hex"),
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
    });
  }

  function userinfo(req: http.IncomingMessage, res: http.ServerResponse) {
    const accessToken = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!accessTokens.has(accessToken)) return sendJson(res, 401, { error: "invalid_token" });
    if (fake.mode === "userinfo_error") return sendJson(res, 500, { error: "backend_error" });
    sendJson(res, 200, { sub: "1234567890", ...fake.profile });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", fake.url || "http://127.0.0.1");
    const route = `${req.method} ${url.pathname}`;
    const handled =
      route === "GET /authorize"
        ? authorize(url, res)
        : route === "POST /token"
          ? token(req, res)
          : route === "GET /userinfo"
            ? userinfo(req, res)
            : route === "GET /avatar.svg"
              ? res.writeHead(200, { "Content-Type": "image/svg+xml" }).end(AVATAR_SVG)
              : sendJson(res, 404, { error: "not_found" });
    Promise.resolve(handled).catch((error) => sendJson(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
