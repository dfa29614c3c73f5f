// Writes the admin's page scripts into a rendered HTML document as they are (see app/entry.server.tsx), except that
// an external script is started by a small inline loader, which the policy trusts by its hash (docs/decisions/022).
import type { PageScripts } from "~/domain/admin/scripts";
import { isJavaScriptType, scriptElements, type DocumentText } from "~/http/script-hashes";

const HEAD_END = "</head>";
const BODY_END = "</body>";

/** The type an external script's own tag is given: a data block, which the browser neither fetches nor runs. */
export const LOADED_SCRIPT_TYPE = "text/x-loaded-script";
/** The same for a module script. */
export const LOADED_MODULE_TYPE = "text/x-loaded-module";

/**
 * The loader that follows an external script's inert tag: it inserts a script with the same attributes (a module if
 * the tag was one), which 'strict-dynamic' lets run because a trusted script inserted it. The parser does not
 * wait for it: a script without async runs in order with the others so loaded, and one with defer once the
 * document is parsed. One text for every such script, so one hash.
 */
export const EXTERNAL_SCRIPT_LOADER =
  '(function(){var d=document,o=d.currentScript.previousElementSibling,s=d.createElement("script"),a=o.attributes,i;' +
  'for(i=0;i<a.length;i++)if(a[i].name!=="type")s.setAttribute(a[i].name,a[i].value);' +
  `if(o.type==="${LOADED_MODULE_TYPE}")s.type="module";s.async=o.hasAttribute("async");` +
  "function go(){o.after(s)}" +
  'if(!s.async&&o.hasAttribute("defer")&&d.readyState==="loading")d.addEventListener("DOMContentLoaded",go);else go()})()';

/**
 * Administrator-written HTML with each external JavaScript tag (`<script src=…>`) made inert and followed by the
 * loader that inserts it: a parser-inserted external script would need a nonce under 'strict-dynamic'. Attributes
 * are kept as written (the browser decodes them); everything else is left as it is.
 */
export function externalScriptsLoaded(html: string): string {
  let out = "";
  let copied = 0;
  for (const script of scriptElements(html)) {
    const type = script.attributes.find((a) => a.name === "type")?.rawValue;
    if (!script.attributes.some((a) => a.name === "src") || !isJavaScriptType(type)) continue;
    const inertType = type?.trim().toLowerCase() === "module" ? LOADED_MODULE_TYPE : LOADED_SCRIPT_TYPE;
    const attributes = script.attributes.filter((a) => a.name !== "type").map((a) => ` ${a.source}`);
    out +=
      html.slice(copied, script.start) +
      `<script type="${inertType}"${attributes.join("")}>` +
      html.slice(script.textStart, script.end) +
      `<script>${EXTERNAL_SCRIPT_LOADER}</script>`;
    copied = script.end;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/**
 * Inserts `head` before the first </head> and `body` before the last </body> (or at the ends) of the document, held
 * as `form` (script-hashes.ts DocumentText).
 */
export function injectScripts(
  html: string,
  { headScripts, bodyScripts }: PageScripts,
  form: DocumentText = "utf8",
): string {
  if (!headScripts && !bodyScripts) return html;
  const inserted = (scripts: string) => {
    const loaded = externalScriptsLoaded(scripts);
    return form === "utf8" ? loaded : Buffer.from(loaded, "utf8").toString("latin1");
  };
  const headAt = headScripts ? html.indexOf(HEAD_END) : -1;
  const bodyAt = bodyScripts ? html.lastIndexOf(BODY_END) : -1;
  const headPos = headAt === -1 ? 0 : headAt;
  const bodyPos = bodyAt === -1 || bodyAt < headPos ? html.length : bodyAt;
  return (
    html.slice(0, headPos) +
    inserted(headScripts) +
    html.slice(headPos, bodyPos) +
    inserted(bodyScripts) +
    html.slice(bodyPos)
  );
}
