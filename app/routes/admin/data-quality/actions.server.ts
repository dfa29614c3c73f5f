// The Data-quality tab's actions (admin §2, §8): one form post each, calling the same operation as its /api call.
// A validation batch, a coordinate sync and the address preview answer with their results (shown on the page); the
// others go back to the list with a toast.
import { data } from "react-router";
import { z } from "zod";
import { redirectWithToast } from "~/auth/toast.server";
import type { Toast } from "~/domain/admin/toast";
import {
  acceptNormalizedPhone,
  addressDiscrepancies,
  addressDiscrepancyIds,
  autoCorrectAddresses,
  clearReviewList,
  markReviewed,
  reviewListIds,
} from "~/data/validations.server";
import { syncMessage, type CoordinateSyncResults } from "~/domain/data-quality/coordinate-sync";
import { countOf } from "~/domain/counts";
import { idParamSchema } from "~/domain/form-values";
import { parseReviewList, reviewListUrl } from "~/domain/data-quality/review-list";
import {
  BATCH_TYPES,
  REVIEW_NOTES_MAX,
  validationFailedMessage,
  type ValidationType,
} from "~/domain/data-quality/validation";
import { syncCoordinatesFromMaps } from "~/workflows/coordinate-sync.server";
import { validateNextBatch, type ValidationBatchResult } from "~/workflows/validate-activities.server";
import { cancelJob, startValidationRun } from "~/jobs/queue.server";
import { readForm } from "../form-action.server";

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("validate"), type: z.enum(BATCH_TYPES) }),
  z.object({ intent: z.literal("sync-coordinates"), dryRun: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("preview-addresses") }),
  z.object({ intent: z.literal("auto-correct-addresses") }),
  z.object({
    intent: z.literal("mark-reviewed"),
    activityId: idParamSchema,
    notes: z.string().trim().max(REVIEW_NOTES_MAX).default(""),
  }),
  z.object({ intent: z.literal("clear-review-list") }),
  z.object({ intent: z.literal("start-validation"), type: z.enum(BATCH_TYPES) }),
  z.object({ intent: z.literal("cancel-job"), jobId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("accept-phone"), activityId: idParamSchema }),
]);

export type DataQualityResult =
  | ({ kind: "validation"; type: ValidationType; remaining: number } & ValidationBatchResult)
  | { kind: "sync"; dryRun: boolean; message: string; results: CoordinateSyncResults }
  | ({ kind: "address-preview" } & (
      ({ ok: true } & Awaited<ReturnType<typeof addressDiscrepancies>>) | { ok: false; message: string }
    ));

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Unknown error";
}

export async function runDataQualityAction(request: Request, admin: { email: string }) {
  const url = new URL(request.url);
  const state = parseReviewList(url.searchParams);
  const back = reviewListUrl(state);
  const toast = (t: Toast) => redirectWithToast(request, back, t);
  const error = (description: string) => toast({ title: "Error", description, variant: "destructive" });

  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return error("The request was not understood. Reload the page and try again.");
  const input = parsed.data;

  switch (input.intent) {
    case "validate": {
      const failedToast = (description: string) =>
        toast({ title: "Validation failed", description, variant: "destructive" });
      try {
        const outcome = await validateNextBatch(input.type);
        if (outcome.ok === "nothing") return toast({ title: outcome.message, description: "Every one is checked." });
        if (!outcome.ok) return failedToast(outcome.reason === "not-found" ? "" : outcome.message);
        return data<DataQualityResult>({ kind: "validation", type: input.type, ...outcome.value });
      } catch (e) {
        console.error(e);
        return failedToast(validationFailedMessage(input.type));
      }
    }
    case "sync-coordinates": {
      const dryRun = input.dryRun === "true";
      try {
        const results = await syncCoordinatesFromMaps({ dryRun, by: admin.email });
        return data<DataQualityResult>({ kind: "sync", dryRun, message: syncMessage(dryRun, results), results });
      } catch (e) {
        console.error(e);
        return toast({ title: "Update failed", description: errorText(e), variant: "destructive" });
      }
    }
    case "preview-addresses": {
      try {
        return data<DataQualityResult>({ kind: "address-preview", ok: true, ...(await addressDiscrepancies()) });
      } catch (e) {
        console.error(e);
        return data<DataQualityResult>({ kind: "address-preview", ok: false, message: errorText(e) }, { status: 500 });
      }
    }
    case "auto-correct-addresses": {
      try {
        const { correctedCount, skippedCount } = await autoCorrectAddresses(await addressDiscrepancyIds(), admin.email);
        return toast({
          title: "Address Correction Complete",
          description: `Corrected ${countOf(correctedCount, "address", "addresses")}, skipped ${skippedCount}`,
        });
      } catch (e) {
        console.error(e);
        return error(`Failed to auto-correct addresses: ${errorText(e)}`);
      }
    }
    case "mark-reviewed": {
      const outcome = await markReviewed(input.activityId, input.notes).catch(() => null);
      if (!outcome?.ok) return error("Failed to mark as reviewed");
      return toast({ title: "Marked as reviewed", description: "The activity left the review list." });
    }
    case "start-validation": {
      const started = await startValidationRun(input.type, admin.email);
      if (!started.ok) {
        return toast(
          started.reason === "nothing"
            ? { title: started.message, description: "Every one is checked." }
            : { title: "Validation failed", description: started.message, variant: "destructive" },
        );
      }
      return toast({
        title: "Validation started",
        description: `${countOf(started.run.total, "activity", "activities")} to check, in batches in the background.`,
      });
    }
    case "accept-phone": {
      const outcome = await acceptNormalizedPhone(input.activityId, undefined, admin.email).catch(() => null);
      if (!outcome) return error("Failed to update the phone number");
      if (!outcome.ok) return error(outcome.reason === "not-found" ? "Activity not found." : outcome.message);
      return toast({ title: "Phone number updated", description: `Stored as ${outcome.value.phoneNumber}.` });
    }
    case "cancel-job": {
      const description = await cancelJob(input.jobId);
      return description ? toast({ title: "Cancel", description }) : error("Job not found.");
    }
    case "clear-review-list": {
      try {
        const cleared = await clearReviewList(await reviewListIds(state));
        return redirectWithToast(request, reviewListUrl({ ...state, page: 1 }), {
          title: "Review list cleared",
          description: `${countOf(cleared, "activity", "activities")} left the review list.`,
        });
      } catch (e) {
        console.error(e);
        return error("Failed to clear review list");
      }
    }
  }
}
