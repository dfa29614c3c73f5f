-- The worker lease is gone (decision 035): progress is written only while the run's count is what the worker read.
ALTER TABLE "JobRun" DROP COLUMN "lease";
