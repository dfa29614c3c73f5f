// 'Refresh Page' on the error page (public-site §2 "Search": render error page): a link to the address being
// shown, so it reloads it with or without JavaScript.
import { useLocation } from "react-router";

export function RefreshPageLink({ className }: { className: string }) {
  const { pathname, search } = useLocation();
  return (
    <a href={`${pathname}${search}`} className={className}>
      Refresh Page
    </a>
  );
}
