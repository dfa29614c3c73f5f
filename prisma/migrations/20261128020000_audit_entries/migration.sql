-- The history of admin writes (issue #24 'History and undo'): one row per change of an activity, city, tag or
-- category, written in the same transaction as the change. A bulk action or an import is one row of its own
-- (entityId '', action 'import' or 'bulk-…') that its rows name in "batchId", so Recent changes lists it once.
CREATE TABLE "AuditEntry" (
    "id" SERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "action" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "batchId" INTEGER,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "AuditEntry_entity_entityId_id_idx" ON "AuditEntry"("entity", "entityId", "id");
CREATE INDEX "AuditEntry_batchId_id_idx" ON "AuditEntry"("batchId", "id");
CREATE INDEX "AuditEntry_actor_id_idx" ON "AuditEntry"("actor", "id");
