// POST /admin/cli/login-link: makes a one-time login link for the admin CLI (see auth/cli-link.server.ts).
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cli-login-link";
import { isCliSecret } from "~/auth/cli-link.server";
import { addAdmin, createLoginToken } from "~/data/admins.server";
import { loginLinkUrl } from "~/auth/login-link";
import { readJsonInput } from "~/http/input.server";

const body = z.object({ email: z.string().trim().max(320).email() });

export async function action({ request }: Route.ActionArgs) {
  const secret = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? null;
  if (!isCliSecret(secret)) return data({ message: "Unauthorized" }, { status: 401 });
  const parsed = body.safeParse(await readJsonInput(request).catch(() => null));
  if (!parsed.success) return data({ message: "A valid e-mail address is required" }, { status: 400 });
  await addAdmin(parsed.data.email);
  const token = await createLoginToken(parsed.data.email);
  return { url: loginLinkUrl(new URL(request.url).origin, token) };
}
