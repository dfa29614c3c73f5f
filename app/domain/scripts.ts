// Which admin-authored page scripts a page carries (admin §2 "Settings tab", §3 "Script settings";
// public-site §7 GET /api/scripts).

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

/** The general scripts first, then the production ones in production, else the development ones. */
export function scriptsForEnvironment(row: ScriptSettingsFields | null, nodeEnv: string): PageScripts {
  if (!row) return { headScripts: "", bodyScripts: "" };
  const production = nodeEnv === "production";
  return {
    headScripts: joined(row.headScripts, production ? row.prodHeadScripts : row.devHeadScripts),
    bodyScripts: joined(row.bodyScripts, production ? row.prodBodyScripts : row.devBodyScripts),
  };
}
