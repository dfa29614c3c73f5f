// /admin/login — the admin sign-in screen.
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { getAdmin } from "~/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdmin(request)) throw redirect("/admin");
  return null;
}

export function meta() {
  return [{ title: "Admin Login" }, { name: "robots", content: "noindex" }];
}

export default function AdminLogin() {
  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Admin Login</h1>
      <p className="mt-4 text-gray-700">Only team members may enter.</p>
    </main>
  );
}
