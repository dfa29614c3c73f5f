import type { Route } from "./+types/index";
import {
  BUSINESS_STATUS_COST,
  formatDollars,
  LOCATION_CHECK_COST,
  referenceCost,
  validationCost,
} from "~/domain/data-quality/validation-cost";
import { Card } from "./Card";

/** The checks that cost money, each a row of the estimate. */
const PAID_CHECKS = [
  { type: "location", name: "Location Accuracy", perActivity: LOCATION_CHECK_COST },
  { type: "business", name: "Business Status", perActivity: BUSINESS_STATUS_COST },
] as const;

/** Validation Cost Estimation: the paid checks' cost for what is left, and for 10,000 activities. */
export function CostEstimate({ coverage }: { coverage: Route.ComponentProps["loaderData"]["coverage"] }) {
  const cost = validationCost({ location: coverage.location.unvalidated, business: coverage.business.unvalidated });
  const reference = referenceCost();
  return (
    <Card title="Validation Cost Estimation">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-gray-600">
            <th className="py-1 font-medium">Check</th>
            <th className="py-1 font-medium">Per activity</th>
            <th className="py-1 font-medium">Left to check</th>
            <th className="py-1 font-medium">Estimated</th>
            <th className="py-1 font-medium">For 10,000 activities</th>
          </tr>
        </thead>
        <tbody>
          {PAID_CHECKS.map(({ type, name, perActivity }) => (
            <tr key={type} className="border-t border-gray-100">
              <td className="py-1">{name}</td>
              <td>{formatDollars(perActivity)}</td>
              <td>{coverage[type].unvalidated}</td>
              <td>{formatDollars(cost[type])}</td>
              <td>{formatDollars(reference[type])}</td>
            </tr>
          ))}
          <tr className="border-t border-gray-200 font-semibold">
            <td className="py-1">Total</td>
            <td />
            <td />
            <td>{formatDollars(cost.total)}</td>
            <td>{formatDollars(reference.total)}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-2 text-xs text-gray-600">Website, phone and address checks are free.</p>
    </Card>
  );
}
