import { useEffect } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/FormFields";
import { useHydrated } from "~/components/hydrated";
import { showToast } from "~/components/Toaster";
import {
  addressPreviewFailedToast,
  addressPreviewToast,
  moreActivitiesLine,
} from "~/domain/data-quality/address-correction";
import type { DataQualityResult } from "./actions.server";
import { Card } from "./Card";

/** Address auto-correction: its preview, then the action that corrects every address listed. */
export function AddressCorrection({ result, busy }: { result: DataQualityResult | undefined; busy: boolean }) {
  return (
    <Card title="Address auto-correction">
      <p className="text-sm text-gray-700">
        Replaces each address that differs from (or is missing beside) the one its Google Maps URL names. Preview first:
        it changes nothing.
      </p>
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value="preview-addresses" disabled={busy} className={buttonClass.secondary}>
          Preview
        </button>
      </Form>
      {result?.kind === "address-preview" && <AddressPreview result={result} busy={busy} />}
    </Card>
  );
}

/**
 * The address auto-correction's preview (admin §2, §8): its message as a toast with JavaScript, as a status line
 * without; the first 10 discrepancies, '...and N more activities', and the action that corrects them all.
 */
function AddressPreview({
  result,
  busy,
}: {
  result: Extract<DataQualityResult, { kind: "address-preview" }>;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const message = result.ok ? addressPreviewToast(result.total) : addressPreviewFailedToast(result.message);
  useEffect(() => {
    showToast(result.ok ? addressPreviewToast(result.total) : addressPreviewFailedToast(result.message));
  }, [result]);
  return (
    <div className="mt-4">
      {!hydrated && (
        <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "" : "text-red-700"}`}>
          <span className="font-semibold">{message.title}:</span> {message.description}
        </p>
      )}
      {result.ok && result.total > 0 && (
        <>
          <table className="mt-3 w-full text-left text-sm" aria-label="Address discrepancies">
            <thead>
              <tr className="text-gray-600">
                <th className="py-1 pr-2 font-medium">Activity</th>
                <th className="py-1 pr-2 font-medium">Current address</th>
                <th className="py-1 font-medium">New address (from the maps URL)</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((item) => (
                <tr key={item.id} className="border-t border-gray-100 align-top">
                  <td className="py-1 pr-2">{item.title}</td>
                  <td className="py-1 pr-2">{item.address || "—"}</td>
                  <td className="py-1">{item.validation.mapsAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.total > result.items.length && (
            <p className="mt-2 text-sm text-gray-600">{moreActivitiesLine(result.total - result.items.length)}</p>
          )}
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="auto-correct-addresses" />
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              Auto-correct all addresses
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
