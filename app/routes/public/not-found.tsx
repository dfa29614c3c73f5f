// Any path no other route matches: a real 404 status, rendered by the root error boundary.
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
