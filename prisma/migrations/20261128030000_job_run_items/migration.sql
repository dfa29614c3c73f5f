-- What a places job did for each activity (issue #27.7: GET /api/jobs/{id} answers the ratings' per-activity
-- results with success flags, as admin §7's refresh-all-google-ratings does). One row per activity of a run, in the
-- order the run took them; written with the run's progress, so a resumed run rewrites the same row.
CREATE TABLE "JobRunItem" (
    "jobRunId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "activityId" INTEGER NOT NULL,
    "title" TEXT,
    "success" BOOLEAN NOT NULL,
    "outcome" TEXT NOT NULL,
    "googleRating" DOUBLE PRECISION,
    "googleReviewCount" INTEGER,
    "photoCount" INTEGER,
    "error" TEXT,

    CONSTRAINT "JobRunItem_pkey" PRIMARY KEY ("jobRunId","position")
);

ALTER TABLE "JobRunItem" ADD CONSTRAINT "JobRunItem_jobRunId_fkey" FOREIGN KEY ("jobRunId") REFERENCES "JobRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
