-- AlterTable
ALTER TABLE "ActivityValidation" ADD COLUMN     "businessStatus" TEXT,
ADD COLUMN     "phoneNormalized" TEXT,
ADD COLUMN     "websiteReason" TEXT;
