// The SHA-256 hashes of a document's inline scripts, for its Content-Security-Policy (docs/decisions/022): read
// from the finished document as a browser's HTML parser would find them, in one pass over the text.
import { createHash } from "node:crypto";

/** A <script> element of a document: where its parts are, its attributes, and its text. */
export interface ScriptElement {
  /** Where `<script` starts. */
  start: number;
  /** Just after the start tag's `>`. */
  textStart: number;
  /** Where the end tag starts (the document's length when there is none). */
  textEnd: number;
  /** Just after the end tag's `>` (the document's length when there is none). */
  end: number;
  /** The start tag's attributes in order, names in lower case, values as written (quotes and entities kept). */
  attributes: ScriptAttribute[];
}

export interface ScriptAttribute {
  name: string;
  /** The attribute as written, name and value, e.g. `src="https://a.example/t.js?x=1&amp;y=2"`. */
  source: string;
  /** The value as written, without its quotes (entities not decoded); "" for an attribute without one. */
  rawValue: string;
}

/** Tab, line feed, form feed, carriage return, space: what separates a tag's attributes. */
function isSpace(c: number): boolean {
  return c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
}
/** A tag whose text the parser reads as text up to its end tag: a `<script` inside it is no script. */
const RAW_TEXT_TAGS = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
]);
/** A comment, or a start tag's name (read up to a space, `/` or `>`). */
const TAG_OR_COMMENT = /<!--|<([a-zA-Z][^\t\n\f\r />]*)/g;

/** Where the end tag `</name` (followed by a space, `/` or `>`) starts at or after `from`, or -1. */
function endTagAt(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, "gi");
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

/**
 * Reads a start tag's attributes from just after its name: the attributes and the index just after its `>`, or null
 * when the document ends inside the tag (an unclosed quote, say). With `keep` false the tag is only read to its end
 * and no attribute is kept (most tags of a page: only a raw-text element's are looked at).
 */
function readAttributes(
  html: string,
  at: number,
  keep: boolean,
): { attributes: ScriptAttribute[]; after: number } | null {
  const attributes: ScriptAttribute[] = [];
  const names = new Set<string>();
  const end = html.length;
  const SLASH = 47;
  const EQUALS = 61;
  const GREATER = 62;
  let i = at;
  for (;;) {
    while (i < end && (isSpace(html.charCodeAt(i)) || html.charCodeAt(i) === SLASH)) i++;
    if (i >= end) return null;
    if (html.charCodeAt(i) === GREATER) return { attributes, after: i + 1 };
    const nameStart = i;
    i++; // a name may start with '='
    for (let c = html.charCodeAt(i); i < end && !isSpace(c) && c !== SLASH && c !== GREATER && c !== EQUALS;)
      c = html.charCodeAt(++i);
    const nameEnd = i;
    let j = i;
    while (j < end && isSpace(html.charCodeAt(j))) j++;
    let rawValue = "";
    if (html.charCodeAt(j) === EQUALS) {
      j++;
      while (j < end && isSpace(html.charCodeAt(j))) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        if (close === -1) return null;
        if (keep) rawValue = html.slice(j + 1, close);
        j = close + 1;
      } else {
        const valueStart = j;
        while (j < end && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== GREATER) j++;
        if (keep) rawValue = html.slice(valueStart, j);
      }
      i = j;
    }
    if (!keep) continue;
    // The first of two attributes of one name wins.
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    if (names.has(name)) continue;
    names.add(name);
    attributes.push({ name, source: html.slice(nameStart, i), rawValue });
  }
}

/**
 * Where a script's text ends (its end tag starts), following the parser's 'escaped' states: after `<!--`, a nested
 * `<script>` makes the next `</script>` part of the text.
 */
function scriptTextEnd(html: string, from: number): number {
  const marks = /<!--|-->|<(\/?)script(?=[\t\n\f\r />])/gi;
  marks.lastIndex = from;
  let state: "data" | "escaped" | "double-escaped" = "data";
  for (let mark = marks.exec(html); mark; mark = marks.exec(html)) {
    const [text, slash] = mark;
    if (text === "<!--") {
      if (state === "data") {
        state = "escaped";
        // '<!-->' and '<!--->' end where they start: the dashes of '<!--' count towards '-->'.
        marks.lastIndex = mark.index + 2;
      }
    } else if (text === "-->") {
      if (state !== "data") state = "data";
    } else if (slash) {
      if (state === "double-escaped") state = "escaped";
      else return mark.index;
    } else if (state === "escaped") {
      state = "double-escaped";
    }
  }
  return html.length;
}

/**
 * The document's <script> elements, in order, as the parser finds them: every start tag is read (a `<script` in a
 * quoted attribute value is none), and comments and raw-text elements (<style>, <textarea>, …) are skipped whole.
 * Foreign content (<svg>, <math>) is read as HTML, which can only find more scripts than there are.
 */
export function* scriptElements(html: string): Generator<ScriptElement> {
  const tags = new RegExp(TAG_OR_COMMENT.source, "g");
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[0] === "<!--") {
      const close = html.indexOf("-->", tag.index + 2);
      if (close === -1) return;
      tags.lastIndex = close + 3;
      continue;
    }
    const name = tag[1]!.toLowerCase();
    const rawText = RAW_TEXT_TAGS.has(name);
    const read = readAttributes(html, tag.index + tag[0].length, rawText);
    if (!read) return;
    tags.lastIndex = read.after;
    if (!rawText) continue;
    const textStart = read.after;
    const textEnd = name === "script" ? scriptTextEnd(html, textStart) : endTagAt(html, name, textStart);
    if (textEnd === -1) return;
    const close = html.indexOf(">", textEnd);
    const end = close === -1 ? html.length : close + 1;
    tags.lastIndex = end;
    if (name === "script") yield { start: tag.index, textStart, textEnd, end, attributes: read.attributes };
  }
}

/** A script type the browser runs as JavaScript: none, a JavaScript MIME type, or 'module' (HTML §4.12.1.1). */
export function isJavaScriptType(rawType: string | undefined): boolean {
  if (rawType === undefined) return true;
  const type = rawType.trim().toLowerCase();
  return (
    type === "" ||
    type === "module" ||
    /^(text|application)\/(x-)?(java|ecma)script$/.test(type) ||
    /^text\/(javascript1\.[0-5]|jscript|livescript)$/.test(type)
  );
}

/** A script type that only holds data: JSON (the site frame's settings, JSON-LD) never runs and needs no hash. */
function isJsonType(rawType: string | undefined): boolean {
  const type = rawType?.trim().toLowerCase() ?? "";
  return type === "application/json" || type.endsWith("+json");
}

/**
 * How a document's text is held: as the JavaScript string it reads as ("utf8"), or one character a byte of its UTF-8
 * ("latin1", a 'binary' string): the markup looked for is ASCII, so both are read alike.
 */
export type DocumentText = "utf8" | "latin1";

/** U+FFFD as the text holds it. */
const REPLACEMENT: Record<DocumentText, string> = { utf8: "\uFFFD", latin1: "\xEF\xBF\xBD" };

/** The text of a script as the browser hashes it: line breaks as LF, NUL as U+FFFD (the parser's input rules). */
function parsedText(raw: string, form: DocumentText): string {
  return raw.replace(/\r\n?/g, "\n").replace(/\0/g, REPLACEMENT[form]);
}

/**
 * The `'sha256-…'` sources of every inline script of a finished document, each once, in document order: scripts the
 * browser runs, and any other inline script that is not JSON (the after-paint starter runs its data block's text
 * as a module script: app/http/script-priority.ts). An external script (`src`) is not hashed: its loader is.
 */
export function inlineScriptHashes(html: string, form: DocumentText = "utf8"): string[] {
  const hashes = new Set<string>();
  for (const script of scriptElements(html)) {
    if (script.attributes.some((a) => a.name === "src")) continue;
    if (isJsonType(script.attributes.find((a) => a.name === "type")?.rawValue)) continue;
    const text = parsedText(html.slice(script.textStart, script.textEnd), form);
    hashes.add(`'sha256-${createHash("sha256").update(text, form).digest("base64")}'`);
  }
  return [...hashes];
}
