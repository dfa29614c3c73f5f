
-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateTable
CREATE TABLE "City" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT '',
    "stateCode" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT 'United States',
    "description" TEXT NOT NULL DEFAULT '',
    "centerLatitude" DOUBLE PRECISION NOT NULL,
    "centerLongitude" DOUBLE PRECISION NOT NULL,
    "radius" INTEGER NOT NULL DEFAULT 60,
    "featuredImageUrl" TEXT,
    "showPhotos" INTEGER NOT NULL DEFAULT 1,
    "metaTitle" TEXT,
    "metaDescription" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "City_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Activity" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "image" TEXT NOT NULL DEFAULT '',
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "cityId" TEXT NOT NULL,
    "category" TEXT NOT NULL DEFAULT 'Other',
    "country" TEXT NOT NULL DEFAULT 'United States',
    "state" TEXT NOT NULL DEFAULT 'Tennessee',
    "address" TEXT,
    "website" TEXT,
    "phoneNumber" TEXT,
    "googleMapsUrl" TEXT,
    "touristyLevel" TEXT NOT NULL DEFAULT 'Not available',
    "cost" TEXT NOT NULL DEFAULT 'Not available',
    "duration" TEXT NOT NULL DEFAULT 'Not available',
    "photoSource" TEXT NOT NULL DEFAULT 'original',
    "customPhotoUrl" TEXT,
    "googleRating" DOUBLE PRECISION,
    "googleReviewCount" INTEGER,
    "googlePlaceId" TEXT,
    "googlePhotos" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "metaTitle" TEXT,
    "metaDescription" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Activity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Category" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT 'gray',
    "icon" TEXT NOT NULL DEFAULT '',
    "filterIcon" TEXT NOT NULL DEFAULT '',
    "pinIcon" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT 'gray',
    "icon" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityTag" (
    "activityId" INTEGER NOT NULL,
    "tagId" INTEGER NOT NULL,

    CONSTRAINT "ActivityTag_pkey" PRIMARY KEY ("activityId","tagId")
);

-- CreateTable
CREATE TABLE "SeoSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "cityTitleTemplate" TEXT NOT NULL DEFAULT '',
    "cityDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "activityTitleTemplate" TEXT NOT NULL DEFAULT '',
    "activityDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "tagTitleTemplate" TEXT NOT NULL DEFAULT '',
    "tagDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "defaultMapPinUrl" TEXT NOT NULL DEFAULT '',
    "defaultSocialImage" TEXT NOT NULL DEFAULT '',
    "barsRestaurantsTitleTemplate" TEXT NOT NULL DEFAULT '',
    "barsRestaurantsDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "barsRestaurantsPageTitle" TEXT NOT NULL DEFAULT '',
    "barsRestaurantsPageDescription" TEXT NOT NULL DEFAULT '',
    "museumsTitleTemplate" TEXT NOT NULL DEFAULT '',
    "museumsDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "museumsPageTitle" TEXT NOT NULL DEFAULT '',
    "museumsPageDescription" TEXT NOT NULL DEFAULT '',
    "entertainmentTitleTemplate" TEXT NOT NULL DEFAULT '',
    "entertainmentDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "entertainmentPageTitle" TEXT NOT NULL DEFAULT '',
    "entertainmentPageDescription" TEXT NOT NULL DEFAULT '',
    "eventsTitleTemplate" TEXT NOT NULL DEFAULT '',
    "eventsDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "eventsPageTitle" TEXT NOT NULL DEFAULT '',
    "eventsPageDescription" TEXT NOT NULL DEFAULT '',
    "funGamesTitleTemplate" TEXT NOT NULL DEFAULT '',
    "funGamesDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "funGamesPageTitle" TEXT NOT NULL DEFAULT '',
    "funGamesPageDescription" TEXT NOT NULL DEFAULT '',
    "parksTitleTemplate" TEXT NOT NULL DEFAULT '',
    "parksDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "parksPageTitle" TEXT NOT NULL DEFAULT '',
    "parksPageDescription" TEXT NOT NULL DEFAULT '',
    "pointsOfInterestTitleTemplate" TEXT NOT NULL DEFAULT '',
    "pointsOfInterestDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "pointsOfInterestPageTitle" TEXT NOT NULL DEFAULT '',
    "pointsOfInterestPageDescription" TEXT NOT NULL DEFAULT '',
    "shoppingTitleTemplate" TEXT NOT NULL DEFAULT '',
    "shoppingDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "shoppingPageTitle" TEXT NOT NULL DEFAULT '',
    "shoppingPageDescription" TEXT NOT NULL DEFAULT '',
    "toursTitleTemplate" TEXT NOT NULL DEFAULT '',
    "toursDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "toursPageTitle" TEXT NOT NULL DEFAULT '',
    "toursPageDescription" TEXT NOT NULL DEFAULT '',
    "kidFriendlyTitleTemplate" TEXT NOT NULL DEFAULT '',
    "kidFriendlyDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "kidFriendlyPageTitle" TEXT NOT NULL DEFAULT '',
    "kidFriendlyPageDescription" TEXT NOT NULL DEFAULT '',
    "romanticTitleTemplate" TEXT NOT NULL DEFAULT '',
    "romanticDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "romanticPageTitle" TEXT NOT NULL DEFAULT '',
    "romanticPageDescription" TEXT NOT NULL DEFAULT '',
    "adultTitleTemplate" TEXT NOT NULL DEFAULT '',
    "adultDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "adultPageTitle" TEXT NOT NULL DEFAULT '',
    "adultPageDescription" TEXT NOT NULL DEFAULT '',
    "architectureTitleTemplate" TEXT NOT NULL DEFAULT '',
    "architectureDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "architecturePageTitle" TEXT NOT NULL DEFAULT '',
    "architecturePageDescription" TEXT NOT NULL DEFAULT '',
    "musicTitleTemplate" TEXT NOT NULL DEFAULT '',
    "musicDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "musicPageTitle" TEXT NOT NULL DEFAULT '',
    "musicPageDescription" TEXT NOT NULL DEFAULT '',
    "historicTitleTemplate" TEXT NOT NULL DEFAULT '',
    "historicDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "historicPageTitle" TEXT NOT NULL DEFAULT '',
    "historicPageDescription" TEXT NOT NULL DEFAULT '',
    "weirdTitleTemplate" TEXT NOT NULL DEFAULT '',
    "weirdDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "weirdPageTitle" TEXT NOT NULL DEFAULT '',
    "weirdPageDescription" TEXT NOT NULL DEFAULT '',
    "indoorsTitleTemplate" TEXT NOT NULL DEFAULT '',
    "indoorsDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "indoorsPageTitle" TEXT NOT NULL DEFAULT '',
    "indoorsPageDescription" TEXT NOT NULL DEFAULT '',
    "outdoorTitleTemplate" TEXT NOT NULL DEFAULT '',
    "outdoorDescriptionTemplate" TEXT NOT NULL DEFAULT '',
    "outdoorPageTitle" TEXT NOT NULL DEFAULT '',
    "outdoorPageDescription" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SeoSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScriptSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "headScripts" TEXT NOT NULL DEFAULT '',
    "bodyScripts" TEXT NOT NULL DEFAULT '',
    "prodHeadScripts" TEXT NOT NULL DEFAULT '',
    "prodBodyScripts" TEXT NOT NULL DEFAULT '',
    "devHeadScripts" TEXT NOT NULL DEFAULT '',
    "devBodyScripts" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScriptSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PhotoSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "hybridPhotosEnabled" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PhotoSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityValidation" (
    "activityId" INTEGER NOT NULL,
    "qualityScore" INTEGER,
    "websiteStatus" TEXT,
    "phoneStatus" TEXT,
    "locationAccuracy" TEXT,
    "locationDistance" DOUBLE PRECISION,
    "mapsUrlStatus" TEXT,
    "mapsUrlDistance" DOUBLE PRECISION,
    "addressStatus" TEXT,
    "mapsAddress" TEXT,
    "needsReview" BOOLEAN NOT NULL DEFAULT false,
    "lastValidated" TIMESTAMP(3),

    CONSTRAINT "ActivityValidation_pkey" PRIMARY KEY ("activityId")
);

-- CreateTable
CREATE TABLE "ReviewNote" (
    "id" SERIAL NOT NULL,
    "activityId" INTEGER NOT NULL,
    "reviewedBy" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Admin" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Admin_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginToken" (
    "id" SERIAL NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" SERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "payload" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB,
    "error" TEXT,
    "current" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "currentActivity" TEXT,
    "currentBatch" INTEGER NOT NULL DEFAULT 0,
    "totalBatches" INTEGER NOT NULL DEFAULT 0,
    "estimatedTimeRemaining" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CsvImportDraft" (
    "id" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "headers" TEXT[],
    "rows" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CsvImportDraft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "City_state_displayName_idx" ON "City"("state", "displayName");

-- CreateIndex
CREATE INDEX "Activity_cityId_slug_idx" ON "Activity"("cityId", "slug");

-- CreateIndex
CREATE INDEX "Activity_cityId_category_googleRating_idx" ON "Activity"("cityId", "category", "googleRating" DESC);

-- CreateIndex
CREATE INDEX "Activity_cityId_googleRating_idx" ON "Activity"("cityId", "googleRating" DESC);

-- CreateIndex
CREATE INDEX "Activity_googleRating_idx" ON "Activity"("googleRating" DESC);

-- CreateIndex
CREATE INDEX "Activity_title_trgm_idx" ON "Activity" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Activity_excerpt_trgm_idx" ON "Activity" USING GIN ("excerpt" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Category_name_key" ON "Category"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Category_slug_key" ON "Category"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_name_key" ON "Tag"("name");

-- CreateIndex
CREATE INDEX "ActivityTag_tagId_activityId_idx" ON "ActivityTag"("tagId", "activityId");

-- CreateIndex
CREATE INDEX "ActivityValidation_needsReview_qualityScore_idx" ON "ActivityValidation"("needsReview", "qualityScore");

-- CreateIndex
CREATE INDEX "ReviewNote_activityId_idx" ON "ReviewNote"("activityId");

-- CreateIndex
CREATE UNIQUE INDEX "Admin_email_key" ON "Admin"("email");

-- CreateIndex
CREATE UNIQUE INDEX "LoginToken_tokenHash_key" ON "LoginToken"("tokenHash");

-- CreateIndex
CREATE INDEX "Job_status_createdAt_idx" ON "Job"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Job_type_status_idx" ON "Job"("type", "status");

-- CreateIndex
CREATE INDEX "CsvImportDraft_expiresAt_idx" ON "CsvImportDraft"("expiresAt");

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_cityId_fkey" FOREIGN KEY ("cityId") REFERENCES "City"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityTag" ADD CONSTRAINT "ActivityTag_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityTag" ADD CONSTRAINT "ActivityTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityValidation" ADD CONSTRAINT "ActivityValidation_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewNote" ADD CONSTRAINT "ReviewNote_activityId_fkey" FOREIGN KEY ("activityId") REFERENCES "Activity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

