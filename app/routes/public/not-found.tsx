// Any path no other route matches: a real 404 status, rendered by the root error boundary.
import { notFound } from "~/http/not-found";

export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
