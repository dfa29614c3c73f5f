// A real administrator's session for tests that call route modules in the test process: the e-mail is on the
// allow-list and the session is a row, signed in through app/auth/session.server.ts as the login link does.
import { signIn } from "~/auth/session.server";
import { addAdmin } from "~/data/admins.server";

/** Signs `email` in and returns the session's Cookie header value ("__session=…"). */
export async function signedInAdminCookie(email = "curator@example.com", name = "Curator"): Promise<string> {
  await addAdmin(email, name);
  const response = await signIn({ email, name, picture: null });
  const setCookie = response.headers.get("Set-Cookie");
  if (!setCookie?.startsWith("__session=")) throw new Error("no session cookie after signing in");
  return setCookie.split(";")[0]!;
}
