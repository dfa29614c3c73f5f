// 'Loading city...' while a client navigation heads for a city activities page from another page or another
// city (public-site §2). The same page with new filters keeps its own 'Loading activities...' in the list.
import { useLocation, useNavigation } from "react-router";
import { LOADING_CITY, navigationLoadingMessage } from "~/domain/pages/page-loading";

export function NavigationLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingCity =
    navigation.state === "loading" &&
    navigationLoadingMessage(location.pathname, navigation.location.pathname) === LOADING_CITY;
  // The live region is always there, so its message is announced when it appears.
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center">
      {loadingCity && (
        <p className="flex items-center gap-2 rounded-full bg-black px-4 py-2 text-sm font-semibold text-white shadow-lg">
          <span
            aria-hidden="true"
            className="size-3 animate-spin rounded-full border-2 border-white border-t-transparent"
          />
          {LOADING_CITY}
        </p>
      )}
    </div>
  );
}
