-- The places service (issue #13): Google photo credits beside the photos.
ALTER TABLE "Activity" ADD COLUMN "googlePhotoAttributions" JSONB NOT NULL DEFAULT '[]';

-- Jobs now run on pg-boss (its own schema, created when the queue starts); the first schema's table that nothing
-- used goes, and a progress row per job takes its place.
DROP TABLE "Job";

CREATE TABLE "JobRun" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "current" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "currentItem" TEXT,
    "result" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdBy" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobRun_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "JobRun_kind_createdAt_idx" ON "JobRun"("kind", "createdAt");

-- The worker that holds the job now: a worker whose lease was taken over (it stalled, and the job was handed to
-- another) stops at its next item instead of running alongside.
ALTER TABLE "JobRun" ADD COLUMN "lease" TEXT;
