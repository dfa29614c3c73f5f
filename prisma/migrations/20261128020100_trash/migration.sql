-- The trash (issue #24 'History and undo'): a deleted activity, city, tag or category leaves its table (so nothing
-- public can list or count it) and waits here 30 days as it was, with what went with it, until it is restored or
-- the purge job removes it (docs/decisions/016-the-trash-keeps-deleted-rows-aside.md).
CREATE TABLE "TrashedRow" (
    "id" SERIAL NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "data" JSONB NOT NULL,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedBy" TEXT NOT NULL,
    "entryId" INTEGER NOT NULL,

    CONSTRAINT "TrashedRow_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "TrashedRow_entryId_key" ON "TrashedRow"("entryId");
CREATE INDEX "TrashedRow_deletedAt_idx" ON "TrashedRow"("deletedAt");
CREATE INDEX "TrashedRow_entity_entityId_idx" ON "TrashedRow"("entity", "entityId");
