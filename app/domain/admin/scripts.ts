// Which admin-authored page scripts a page carries (admin §2 "Settings tab", §3 "Script settings";
// public-site §7 GET /api/scripts).
import { z } from "zod";
import { textOrEmpty, tooLongMessage } from "../form-values";

export type ScriptSettingsFields = {
  headScripts: string;
  bodyScripts: string;
  prodHeadScripts: string;
  prodBodyScripts: string;
  devHeadScripts: string;
  devBodyScripts: string;
};

export type PageScripts = { headScripts: string; bodyScripts: string };

function joined(...parts: string[]): string {
  return parts.filter((p) => p.trim() !== "").join("\n");
}

export const NO_PAGE_SCRIPTS: PageScripts = { headScripts: "", bodyScripts: "" };

/** A path's first segment as the router matches it: decoded and in any case ('/%41DMIN/login' is '/admin/login'). */
function firstSegment(pathname: string): string {
  const first = pathname.split("/").find((segment) => segment !== "") ?? "";
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/**
 * Whether a page carries the page scripts (admin §2 "Script Management"): the public pages only. The dashboard and
 * its sign-in pages never do, so an analytics tag (trusted by the policy's 'strict-dynamic' to load more) has no
 * reach into the admin panel; nor does any other /admin or /api path that renders a document.
 */
export function pageCarriesScripts(pathname: string): boolean {
  const first = firstSegment(pathname);
  return first !== "admin" && first !== "api";
}

/** The general scripts first, then the production ones in production, else the development ones. */
export function scriptsForEnvironment(row: ScriptSettingsFields | null, nodeEnv: string): PageScripts {
  if (!row) return NO_PAGE_SCRIPTS;
  const production = nodeEnv === "production";
  return {
    headScripts: joined(row.headScripts, production ? row.prodHeadScripts : row.devHeadScripts),
    bodyScripts: joined(row.bodyScripts, production ? row.prodBodyScripts : row.devBodyScripts),
  };
}

/**
 * The longest script box an administrator may save: room for several analytics and consent snippets, while all six
 * boxes of the SEO tab together stay far below the 1 MB request cap (app/http/input.server.ts).
 */
export const SCRIPT_MAX = 50_000;

/** The six script boxes (admin §3 "SEO template settings": general, development and production; head and body). */
export const SCRIPT_FIELD_LABELS = {
  headScripts: "General head scripts",
  bodyScripts: "General body scripts",
  prodHeadScripts: "Production head scripts",
  prodBodyScripts: "Production body scripts",
  devHeadScripts: "Development head scripts",
  devBodyScripts: "Development body scripts",
} as const satisfies Record<keyof ScriptSettingsFields, string>;

export type ScriptField = keyof ScriptSettingsFields;

/** One script box: HTML kept as written (surrounding blank lines dropped), '' when empty or null. */
export function scriptText(field: ScriptField) {
  return textOrEmpty(SCRIPT_MAX, tooLongMessage(SCRIPT_MAX, SCRIPT_FIELD_LABELS[field]));
}

/** The Settings tab's environments (admin §2 "Script Management with Production and Development tabs"). */
export const SCRIPT_ENVIRONMENTS = {
  production: { label: "Production", head: "prodHeadScripts", body: "prodBodyScripts" },
  development: { label: "Development", head: "devHeadScripts", body: "devBodyScripts" },
} as const satisfies Record<string, { label: string; head: ScriptField; body: ScriptField }>;

export type ScriptEnvironment = keyof typeof SCRIPT_ENVIRONMENTS;

export const ADMIN_SETTINGS_PATH = "/admin/settings";

/** The Script Management tab's address: production is the tab shown without the parameter. */
export function scriptTabPath(environment: ScriptEnvironment): string {
  return environment === "production" ? ADMIN_SETTINGS_PATH : `${ADMIN_SETTINGS_PATH}?scripts=${environment}`;
}

/** Which tab '?scripts=' asks for: 'development', else production (the first tab). */
export function scriptEnvironment(param: string | null): ScriptEnvironment {
  return param === "development" ? "development" : "production";
}

/**
 * Save Scripts (admin §3 "Script settings", §7 "Saving script settings sends the four script fields"): the Settings
 * tab's form and PUT /api/scripts. A field left out is saved empty, as a PUT replaces the four.
 */
export const ScriptsSchema = z.object({
  prodHeadScripts: scriptText("prodHeadScripts"),
  prodBodyScripts: scriptText("prodBodyScripts"),
  devHeadScripts: scriptText("devHeadScripts"),
  devBodyScripts: scriptText("devBodyScripts"),
});

export type ScriptsInput = z.output<typeof ScriptsSchema>;

export const SCRIPTS_SAVED_TOAST = { title: "Success", description: "Scripts saved" } as const;
