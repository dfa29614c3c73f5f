// Which photo an activity shows (public-site §3 "Photo choice").

export type PhotoFields = {
  photoSource: string | null;
  customPhotoUrl: string | null;
  googlePhotos: readonly string[] | null;
  image: string | null;
};

export const DEFAULT_ACTIVITY_IMAGE = '/images/default-activity.svg';

function present(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.trim() !== '';
}

/**
 * The custom photo if the source is custom and it is set; else the first Google photo; else the custom
 * photo; else the image. Nothing at all gives the default image so a card never has an empty src.
 */
export function cardPhoto(a: PhotoFields): string {
  if (a.photoSource === 'custom' && present(a.customPhotoUrl)) return a.customPhotoUrl;
  const google = (a.googlePhotos ?? []).find(present);
  if (google) return google;
  if (present(a.customPhotoUrl)) return a.customPhotoUrl;
  return present(a.image) ? a.image : DEFAULT_ACTIVITY_IMAGE;
}

/** The detail page uses the same order as cards. */
export function detailPhoto(a: PhotoFields): string {
  return cardPhoto(a);
}

/** After an image load error: the custom photo if any, else the default image. */
export function photoFallback(a: Pick<PhotoFields, 'customPhotoUrl'>, defaultImage = DEFAULT_ACTIVITY_IMAGE): string {
  return present(a.customPhotoUrl) ? a.customPhotoUrl : defaultImage;
}
