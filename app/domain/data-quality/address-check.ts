// Address validation (admin §2 'Address Validation', §4 addressStatus): the activity's address against the one its
// Google Maps URL names, compared after normalisation, and the maps address kept for auto-correction.
//
// What counts as the same address: the street line is equal after normalisation — case, accents and punctuation
// ignored; USPS street suffixes ('Street'/'St', 'Avenue'/'Ave', 'Boulevard'/'Blvd', …), directionals
// ('North'/'N') and spelled ordinals ('Fifth'/'5th') in one form; suite, unit, apartment, floor and '#' numbers left
// out (a different suite in the same building is not a different place) — and the city, state (name or USPS code)
// and ZIP (ZIP+4 read as its first five digits) agree wherever both addresses give one. A trailing country
// ('USA', 'United States', any country of the form's list) is dropped. So '116 5th Avenue North, Suite 200,
// Nashville, Tennessee 37219-1234, USA' is the same address as '116 5th Ave N, Nashville, TN 37219'.
//
// What a maps URL 'names' as an address: its place text (maps-url.ts) from the first part that starts with a house
// number ('Ryman Auditorium, 116 5th Ave N, …' names '116 5th Ave N, …'), or from a European 'street 12, 110 00
// City' part; a text of several parts with a postcode in them is taken whole ('Golden Gate Bridge, San Francisco,
// CA 94129'). A bare name or coordinates name no address: the status is then `no_maps_address` (yellow, the spec's
// 'others').
import { COUNTRIES } from "../activities/countries";
import type { AddressStatus } from "./validation";

/** 'word:abbreviation, …' as a lookup. */
function table(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(",")
      .map((entry) => entry.trim().split(":"))
      .filter((pair) => pair.length === 2),
  );
}

// USPS street suffixes (Publication 28, appendix C1) and common variants, to the standard abbreviation.
const SUFFIXES = table(`
  alley:aly, annex:anx, arcade:arc, avenue:ave, av:ave, aven:ave, avenu:ave, avn:ave, bayou:byu, beach:bch, bend:bnd,
  bluff:blf, boulevard:blvd, boul:blvd, boulv:blvd, branch:br, bridge:brg, brook:brk, bypass:byp, causeway:cswy,
  center:ctr, centre:ctr, circle:cir, circ:cir, cliff:clf, club:clb, common:cmn, corner:cor, court:ct, crt:ct,
  cove:cv, creek:crk, crescent:cres, crossing:xing, drive:dr, drv:dr, estate:est, expressway:expy, extension:ext,
  falls:fls, ferry:fry, field:fld, forest:frst, fork:frk, fort:ft, freeway:fwy, garden:gdn, gardens:gdns,
  gateway:gtwy, glen:gln, green:grn, grove:grv, harbor:hbr, heights:hts, highway:hwy, hiway:hwy, hill:hl, hills:hls,
  hollow:holw, island:is, junction:jct, lake:lk, lakes:lks, landing:lndg, lane:ln, manor:mnr, meadow:mdw,
  meadows:mdws, mill:ml, mission:msn, motorway:mtwy, mount:mt, mountain:mtn, parkway:pkwy, pkway:pkwy, place:pl,
  plaza:plz, point:pt, port:prt, prairie:pr, ranch:rnch, ridge:rdg, river:riv, road:rd, route:rte, shore:shr,
  skyway:skwy, spring:spg, springs:spgs, square:sq, station:sta, street:st, str:st, strt:st, summit:smt, terrace:ter,
  trace:trce, trail:trl, tunnel:tunl, turnpike:tpke, valley:vly, view:vw, village:vlg, vista:vis
`);

const DIRECTIONALS = table(`
  north:n, south:s, east:e, west:w, northeast:ne, northwest:nw, southeast:se, southwest:sw
`);

const ORDINALS = table(`
  first:1st, second:2nd, third:3rd, fourth:4th, fifth:5th, sixth:6th, seventh:7th, eighth:8th, ninth:9th, tenth:10th
`);

const UNIT_WORDS = new Set("suite ste unit apt apartment room rm floor fl bldg building #".split(" "));
// A part of its own that starts with one of these is a unit ('Suite 200'); not 'fl', which starts 'FL 33101' too.
const UNIT_PART_WORDS = new Set([...UNIT_WORDS].filter((w) => w !== "fl"));

const US_STATES = table(`
  alabama:al, alaska:ak, arizona:az, arkansas:ar, california:ca, colorado:co, connecticut:ct, delaware:de,
  district of columbia:dc, florida:fl, georgia:ga, hawaii:hi, idaho:id, illinois:il, indiana:in, iowa:ia, kansas:ks,
  kentucky:ky, louisiana:la, maine:me, maryland:md, massachusetts:ma, michigan:mi, minnesota:mn, mississippi:ms,
  missouri:mo, montana:mt, nebraska:ne, nevada:nv, new hampshire:nh, new jersey:nj, new mexico:nm, new york:ny,
  north carolina:nc, north dakota:nd, ohio:oh, oklahoma:ok, oregon:or, pennsylvania:pa, rhode island:ri,
  south carolina:sc, south dakota:sd, tennessee:tn, texas:tx, utah:ut, vermont:vt, virginia:va, washington:wa,
  west virginia:wv, wisconsin:wi, wyoming:wy
`);
const STATE_CODES = new Set(Object.values(US_STATES));

/** Lower case, no accents, no dots ('U.S.A.' is 'usa', 'N.' is 'n'), other punctuation a space, '#' a word. */
function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\./g, "")
    .replace(/#/g, " # ")
    .replace(/[^a-z0-9#-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const COUNTRY_NAMES = new Set([
  ...COUNTRIES.map((c) => normalizeText(c.name)),
  ...["usa", "us", "united states of america", "america", "uk", "great britain", "uae", "czechia"],
]);

function splitParts(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
}

const HOUSE_NUMBER_FIRST = /^\d+[a-z]?(?:[-/]\d+[a-z]?)?\s+\S/i;
const HOUSE_NUMBER_LAST = /\S\s+\d+[a-z]?(?:\/\d+[a-z]?)?$/i;
const POSTCODE_FIRST = /^\d{3}\s?\d{2}\b|^\d{4,6}\b/;

/** Where the street line is: 'street 12' followed by a postcode part (European), else the first numbered part. */
function streetIndex(parts: readonly string[]): number {
  const european = parts.findIndex(
    (p, i) => HOUSE_NUMBER_LAST.test(p) && i + 1 < parts.length && POSTCODE_FIRST.test(parts[i + 1]),
  );
  if (european >= 0) return european;
  return parts.findIndex((p) => HOUSE_NUMBER_FIRST.test(p));
}

/** The address a maps URL's place text names, as written there; null when it names none. */
export function mapsAddressOf(placeText: string | null | undefined): string | null {
  if (!placeText) return null;
  const parts = splitParts(placeText);
  const street = streetIndex(parts);
  if (street >= 0) return parts.slice(street).join(", ");
  const postcode = parts.length >= 2 && parts.slice(1).some((p) => /\d/.test(p));
  return postcode ? parts.join(", ") : null;
}

export interface AddressParts {
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
}

function normalizeStreet(part: string): string {
  const out: string[] = [];
  const tokens = part.split(" ");
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    // The first token is the house number even if it looks like a unit word ('1 Floor St' stays whole).
    if (i > 0 && UNIT_WORDS.has(token)) {
      i++; // and its number
      continue;
    }
    out.push(SUFFIXES[token] ?? DIRECTIONALS[token] ?? ORDINALS[token] ?? token);
  }
  return out.join(" ");
}

/** A state (code or name) at the end of `tokens`: [code, tokens before it]. */
function trailingState(tokens: string[]): [string, string[]] | null {
  for (let n = Math.min(4, tokens.length); n >= 1; n--) {
    const words = tokens.slice(tokens.length - n).join(" ");
    const code = STATE_CODES.has(words) ? words : US_STATES[words];
    if (code) return [code, tokens.slice(0, tokens.length - n)];
  }
  return null;
}

/** An address split into the pieces compared, each normalised. */
export function addressParts(text: string): AddressParts {
  let parts = splitParts(text).map(normalizeText).filter(Boolean);
  while (parts.length > 1 && COUNTRY_NAMES.has(parts[parts.length - 1])) parts = parts.slice(0, -1);
  parts = parts.filter((p, i) => i === 0 || !UNIT_PART_WORDS.has(p.split(" ")[0]));
  const at = Math.max(0, streetIndex(parts));
  const result: AddressParts = { street: normalizeStreet(parts[at] ?? ""), city: null, state: null, zip: null };
  const rest = parts.slice(at + 1);
  rest.forEach((part, i) => {
    let tokens = part.split(" ");
    const zip = tokens[tokens.length - 1].match(/^(\d{5})(?:-\d{4})?$/);
    if (zip) {
      result.zip ??= zip[1];
      tokens = tokens.slice(0, -1);
    }
    // A state stands before the ZIP or at the very end: 'New York, NY 10118' has the city New York.
    const state = zip || i === rest.length - 1 ? trailingState(tokens) : null;
    if (state) {
      result.state ??= state[0];
      tokens = state[1];
    }
    if (tokens.length > 0) result.city ??= tokens.join(" ");
  });
  return result;
}

/** Whether two addresses name the same place once written the same way (see the header). */
export function sameAddress(a: string, b: string): boolean {
  const x = addressParts(a);
  const y = addressParts(b);
  if (x.street === "" || x.street !== y.street) return false;
  const agree = (p: string | null, q: string | null) => p === null || q === null || p === q;
  return agree(x.city, y.city) && agree(x.state, y.state) && agree(x.zip, y.zip);
}

export interface AddressCheck {
  addressStatus: AddressStatus;
  mapsAddress: string | null;
}

/** The activity's address against the one its maps URL names (null: the URL names none). */
export function checkAddress(input: {
  address: string | null;
  hasMapsUrl: boolean;
  mapsAddress: string | null;
}): AddressCheck {
  if (!input.hasMapsUrl) return { addressStatus: "no_maps_url", mapsAddress: null };
  const mapsAddress = input.mapsAddress?.trim() || null;
  if (!mapsAddress) return { addressStatus: "no_maps_address", mapsAddress: null };
  if (!input.address?.trim()) return { addressStatus: "no_address", mapsAddress };
  return {
    addressStatus: sameAddress(input.address, mapsAddress) ? "address_verified" : "address_mismatch",
    mapsAddress,
  };
}
