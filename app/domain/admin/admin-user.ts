// How the dashboard header names the signed-in administrator (admin §2 "Admin dashboard").

export interface AdminIdentity {
  email?: string | null;
  name?: string | null;
}

/** The user's name, else the e-mail, else "Admin User". */
export function adminDisplayName(user: AdminIdentity | null | undefined): string {
  return user?.name?.trim() || user?.email?.trim() || "Admin User";
}

/** A screen's page title: its name, then the dashboard's (admin §1 "Admin Dashboard"), as public titles end in the brand. */
export function adminPageTitle(screen: string): string {
  return `${screen} | Admin Dashboard`;
}
