-- The photographer credit of a city's featured image chosen from Unsplash (issue #13): Unsplash's guidelines ask
-- for it wherever the photo is shown. Cleared when the image is replaced by one without a credit.
ALTER TABLE "City" ADD COLUMN "featuredImageCreditName" TEXT;
ALTER TABLE "City" ADD COLUMN "featuredImageCreditUrl" TEXT;
