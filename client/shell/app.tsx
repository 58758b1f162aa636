// The application root, rendered on the server (with the boot values: path, language, theme) and
// hydrated in the browser. Until hydration the server cannot know who is signed in (the token lives in
// local storage), so signed-in screens render their frame first and fill in after hydration.
import { type ReactNode, Suspense, useEffect } from "react";
import { Provider, useAtomValue, useSetAtom } from "jotai";
import type { createStore } from "jotai";
import { I18nProvider } from "react-aria-components/I18nProvider";
import {
  authAtom,
  compactListsAtom,
  compactMenuAtom,
  hydratedAtom,
  KEYS,
  langAtom,
  pathAtom,
  readStorage,
  type TokenData,
} from "../state.ts";
import { matchPath } from "./routes.ts";
import { startNavigation } from "./navigation.ts";
import { DocumentLimitBanner, OfflineBanner, OutdatedBanner, Toasts } from "./chrome.tsx";
import { rememberMenuLink } from "../session.ts";
import { MainLayout } from "./frame.tsx";
import { Loading as LoadingIndicator } from "../ui/loading.tsx";
import { SignIn } from "../screens/signin.tsx";
import { ThirdPartyReturn } from "../screens/third_party_signin.tsx";
import { ComingSoon, Home, NotFound } from "../screens/simple.tsx";
import { TitlePage } from "../screens/title.tsx";
import { ChunkBoundary, lazyScreen } from "./lazy.tsx";
import type { UsersScreen as UsersProps } from "../screens/users.tsx";
import type { MyCompanyScreen as MyCompanyProps } from "../screens/my_company.tsx";
import type { ResourceScreen as ResourceProps } from "../screens/resource.tsx";
import type { LocationsScreen as LocationsProps } from "../screens/locations.tsx";
import type { DocumentsScreen as DocumentsProps } from "../screens/documents.tsx";
import type { NewDocumentScreen as NewDocumentProps } from "../screens/new_document.tsx";
import type { InventoryScreen as InventoryProps } from "../screens/stock.tsx";
import { useT } from "../i18n/use_t.ts";
import type { PlainKey } from "../../shared/list/format.ts";
import * as shellCss from "./shell.css.ts";

// Screens loaded as their own chunks when first opened (with the loader time-out of lazy.tsx).
const UsersScreen = lazyScreen<Parameters<typeof UsersProps>[0]>(
  () => import("../screens/users.tsx").then((m) => ({ default: m.UsersScreen })),
  ["users"],
);
const MyCompanyScreen = lazyScreen<Parameters<typeof MyCompanyProps>[0]>(
  () => import("../screens/my_company.tsx").then((m) => ({ default: m.MyCompanyScreen })),
  ["myCompany"],
);

const MyAccountScreen = lazyScreen<{ setup?: boolean }>(
  () => import("../screens/my_account.tsx").then((m) => ({ default: m.MyAccountScreen })),
  ["myAccount"],
);

const ResourceScreen = lazyScreen<Parameters<typeof ResourceProps>[0]>(
  () => import("../screens/resource.tsx").then((m) => ({ default: m.ResourceScreen })),
  ["resource"],
);

const LocationsScreen = lazyScreen<Parameters<typeof LocationsProps>[0]>(
  () => import("../screens/locations.tsx").then((m) => ({ default: m.LocationsScreen })),
  ["locations"],
);

const DocumentsScreen = lazyScreen<Parameters<typeof DocumentsProps>[0]>(
  () => import("../screens/documents.tsx").then((m) => ({ default: m.DocumentsScreen })),
  ["documents"],
);

const DocumentPositionsScreen = lazyScreen<Parameters<typeof DocumentsProps>[0]>(
  () => import("../screens/documents.tsx").then((m) => ({ default: m.DocumentPositionsScreen })),
  ["documentPositions"],
);

const ProductStockScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/stock.tsx").then((m) => ({ default: m.ProductStockScreen })),
  ["productStock"],
);

const InventoryScreen = lazyScreen<Parameters<typeof InventoryProps>[0]>(
  () => import("../screens/stock.tsx").then((m) => ({ default: m.InventoryScreen })),
  ["inventory"],
);

const ProductMovementsScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/stock.tsx").then((m) => ({ default: m.ProductMovementsScreen })),
  ["productMovements"],
);

const ProductGroupMovementsScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/stock.tsx").then((m) => ({ default: m.ProductGroupMovementsScreen })),
  ["productGroupMovements"],
);
const OrderChartsScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/stock.tsx").then((m) => ({ default: m.OrderChartsScreen })),
  ["orderCharts"],
);

type RouteProps = { openedDialogId?: string; additionalParams?: string };
const orders = () => import("../screens/orders.tsx");
const OrdersScreen = lazyScreen<RouteProps>(() => orders().then((m) => ({ default: m.OrdersScreen })), [
  "orders",
]);
const OperationalOrdersScreen = lazyScreen<RouteProps>(
  () => orders().then((m) => ({ default: m.OperationalOrdersScreen })),
  ["operationalOrders"],
);
const NewOrderScreen = lazyScreen<Record<string, never>>(
  () => orders().then((m) => ({ default: m.NewOrderScreen })),
  ["newOrder"],
);
const VerifyScreen = lazyScreen<RouteProps>(() => orders().then((m) => ({ default: m.VerifyScreen })), [
  "verify",
]);
const DelayMonitorScreen = lazyScreen<RouteProps>(
  () => orders().then((m) => ({ default: m.DelayMonitorScreen })),
  ["delayMonitor"],
);
const orderPositions = () => import("../screens/order_positions.tsx");
const OrderPositionsScreen = lazyScreen<RouteProps>(
  () => orderPositions().then((m) => ({ default: m.OrderPositionsScreen })),
  ["orderPositions"],
);
const VerifyPositionsScreen = lazyScreen<RouteProps>(
  () => orderPositions().then((m) => ({ default: m.VerifyPositionsScreen })),
  ["verifyPositions"],
);
const supply = () => import("../screens/supply.tsx");
const SupplyScreen = lazyScreen<RouteProps>(() => supply().then((m) => ({ default: m.SupplyScreen })), [
  "supply",
]);
const SupplyReportScreen = lazyScreen<RouteProps>(
  () => supply().then((m) => ({ default: m.SupplyReportScreen })),
  ["supplyReport"],
);
const SellOffersScreen = lazyScreen<RouteProps & { view: "active" | "archive" }>(
  () => import("../screens/sell_offers.tsx").then((m) => ({ default: m.SellOffersScreen })),
  ["sellOffersActive", "sellOffersArchive"],
);
const ProductionScreen = lazyScreen<
  { step: "picking" | "summary" | "labels" | "finish"; openedDialogId?: string }
>(
  () => import("../screens/production.tsx").then((m) => ({ default: m.ProductionScreen })),
  ["productionFinish", "productionLabels", "productionPicking", "productionSummary"],
);

const SharedScreen = lazyScreen<{ route: string; query: string }>(
  () => import("../screens/shared.tsx").then((m) => ({ default: m.SharedScreen })),
  [],
);

const SharedAccessScreen = lazyScreen<{ openedDialogId?: string }>(
  () => import("../screens/shared_access.tsx").then((m) => ({ default: m.SharedAccessScreen })),
  ["sharedAccess"],
);

const PrintSitesScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/print_sites.tsx").then((m) => ({ default: m.PrintSitesScreen })),
  ["printSites"],
);

const ExternalOrderScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/portal.tsx").then((m) => ({ default: m.ExternalOrderScreen })),
  ["externalOrder"],
);

const MyOrdersScreen = lazyScreen<{ openedDialogId?: string }>(
  () => import("../screens/portal.tsx").then((m) => ({ default: m.MyOrdersScreen })),
  ["myOrders"],
);

const CalendarScreen = lazyScreen<{ view: "month" | "day" | "agenda" | "resources" }>(
  () => import("../features/calendar/calendar.tsx").then((m) => ({ default: m.CalendarScreen })),
  ["calendarAgenda", "calendarDay", "calendarMonth", "calendarResources"],
);
const viewOfScreen = {
  calendarMonth: "month",
  calendarDay: "day",
  calendarAgenda: "agenda",
  calendarResources: "resources",
} as const;
const WarehouseMapScreen = lazyScreen<Record<string, never>>(
  () => import("../features/maps/map_screen.tsx").then((m) => ({ default: m.WarehouseMapScreen })),
  ["warehouseMap"],
);
const ImportFileScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/import_file.tsx").then((m) => ({ default: m.ImportFileScreen })),
  ["importFile"],
);
const MessagesScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/messages.tsx").then((m) => ({ default: m.MessagesScreen })),
  ["messages"],
);
const FreightScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/transport.tsx").then((m) => ({ default: m.FreightScreen })),
  ["freight"],
);
const FreightMessagesScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/transport.tsx").then((m) => ({ default: m.FreightMessagesScreen })),
  ["freightMessages"],
);
const ExternalCredentialsScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/external.tsx").then((m) => ({ default: m.ExternalCredentialsScreen })),
  ["externalCredentials"],
);
const ExternalActivationScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/external.tsx").then((m) => ({ default: m.ExternalActivationScreen })),
  ["externalActivation"],
);
const ProductExternalScreen = lazyScreen<{ openedDialogId?: string; additionalParams?: string }>(
  () => import("../screens/external.tsx").then((m) => ({ default: m.ProductExternalScreen })),
  ["productExternal"],
);
const FacesScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/faces.tsx").then((m) => ({ default: m.FacesScreen })),
  ["faces"],
);
const PriceListScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/price_list.tsx").then((m) => ({ default: m.PriceListScreen })),
  ["priceList"],
);
const LogisticsConfigScreen = lazyScreen<Record<string, never>>(
  () => import("../screens/logistics_config.tsx").then((m) => ({ default: m.LogisticsConfigScreen })),
  ["logisticsConfig"],
);

const TerminalScreen = lazyScreen<{ route: string; openedDialogId?: string }>(
  () => import("../features/terminal/terminal.tsx").then((m) => ({ default: m.TerminalRoute })),
  ["terminal"],
);

const NewDocumentScreen = lazyScreen<Parameters<typeof NewDocumentProps>[0]>(
  () => import("../screens/new_document.tsx").then((m) => ({ default: m.NewDocumentScreen })),
  ["newDocument"],
);

function Loading() {
  const t = useT();
  return <LoadingIndicator text={t.t("common.loading")} />;
}

/** The sign-in screen's tab an address asks for; the sign-in itself otherwise. */
function signInTab(tab: string | null): "login" | "register" | "reset" | "activation" {
  return tab === "register" || tab === "reset" || tab === "activation" ? tab : "login";
}

function TerminalHeading(p: { route: string }) {
  const t = useT();
  return <h1 className={shellCss.title}>{t.t(`route.${p.route}` as PlainKey)}</h1>;
}

function lazyPart(node: ReactNode) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<Loading />}>{node}</Suspense>
    </ChunkBoundary>
  );
}

function Screen() {
  const path = useAtomValue(pathAtom);
  const auth = useAtomValue(authAtom);
  const hydrated = useAtomValue(hydratedAtom);
  const [pathname, query = ""] = path.split("?");
  const match = matchPath(pathname);
  useEffect(() => {
    if (hydrated && auth && match && !match.route.open && match.route.name) rememberMenuLink(pathname);
  }, [hydrated, auth, match, pathname]);
  const code = new URLSearchParams(query).get("code") ?? undefined;
  if (!match) {
    return auth
      ? (
        <MainLayout>
          <NotFound />
        </MainLayout>
      )
      : <NotFound />;
  }
  const { route } = match;
  switch (route.screen) {
    case "signin":
      // ?tab=register opens the registration (the title page's "register your company").
      return <SignIn initialTab={signInTab(new URLSearchParams(query).get("tab"))} />;
    case "oidcReturn":
      return <ThirdPartyReturn query={query} />;
    case "activate":
      return <SignIn initialTab="activation" code={code} />;
    case "recovery":
      return <SignIn initialTab="reset" code={code} />;
    case "title":
      return <TitlePage />;
    case "shared":
      // Read by the link's key, signed in or not.
      return hydrated ? lazyPart(<SharedScreen route={route.name} query={query} />) : <span />;
  }
  if (!hydrated || !auth) {
    return (
      <MainLayout>
        <span />
      </MainLayout>
    );
  }
  // A second factor the company requires and the user lacks: its setup alone, before any other screen.
  if (auth.secondFactorSetupRequired) return lazyPart(<MyAccountScreen setup />);
  const dialog = { openedDialogId: match.openedDialogId, additionalParams: match.additionalParams };
  let screen: ReactNode;
  switch (route.screen) {
    case "home":
      screen = <Home />;
      break;
    case "users":
      screen = lazyPart(
        <UsersScreen openedDialogId={match.openedDialogId} additionalParams={match.additionalParams} />,
      );
      break;
    case "myCompany":
      screen = lazyPart(<MyCompanyScreen openedDialogId={match.openedDialogId} />);
      break;
    case "myAccount":
      screen = lazyPart(<MyAccountScreen />);
      break;
    case "resource":
      screen = lazyPart(
        <ResourceScreen
          key={route.name}
          route={route.name}
          openedDialogId={match.openedDialogId}
          additionalParams={match.additionalParams}
        />,
      );
      break;
    case "locations":
      screen = lazyPart(
        <LocationsScreen openedDialogId={match.openedDialogId} additionalParams={match.additionalParams} />,
      );
      break;
    case "documents":
      screen = lazyPart(
        <DocumentsScreen openedDialogId={match.openedDialogId} additionalParams={match.additionalParams} />,
      );
      break;
    case "documentPositions":
      screen = lazyPart(
        <DocumentPositionsScreen
          openedDialogId={match.openedDialogId}
          additionalParams={match.additionalParams}
        />,
      );
      break;
    case "newDocument":
      screen = lazyPart(
        <NewDocumentScreen
          key={match.openedDialogId ?? "new"}
          openedDialogId={match.openedDialogId}
          additionalParams={match.additionalParams}
        />,
      );
      break;
    case "productStock":
      screen = lazyPart(<ProductStockScreen {...dialog} />);
      break;
    case "inventory":
      screen = lazyPart(
        <InventoryScreen openedDialogId={match.openedDialogId} additionalParams={match.additionalParams} />,
      );
      break;
    case "productMovements":
      screen = lazyPart(<ProductMovementsScreen />);
      break;
    case "productGroupMovements":
      screen = lazyPart(<ProductGroupMovementsScreen />);
      break;
    case "orderCharts":
      screen = lazyPart(<OrderChartsScreen />);
      break;
    case "orders":
      screen = lazyPart(<OrdersScreen {...dialog} />);
      break;
    case "operationalOrders":
      screen = lazyPart(<OperationalOrdersScreen {...dialog} />);
      break;
    case "newOrder":
      screen = lazyPart(<NewOrderScreen />);
      break;
    case "orderPositions":
      screen = lazyPart(<OrderPositionsScreen {...dialog} />);
      break;
    case "verify":
      screen = lazyPart(<VerifyScreen {...dialog} />);
      break;
    case "verifyPositions":
      screen = lazyPart(<VerifyPositionsScreen {...dialog} />);
      break;
    case "delayMonitor":
      screen = lazyPart(<DelayMonitorScreen {...dialog} />);
      break;
    case "supply":
      screen = lazyPart(<SupplyScreen {...dialog} />);
      break;
    case "supplyReport":
      screen = lazyPart(<SupplyReportScreen {...dialog} />);
      break;
    case "sellOffersActive":
    case "sellOffersArchive":
      screen = lazyPart(
        <SellOffersScreen {...dialog} view={route.screen === "sellOffersActive" ? "active" : "archive"} />,
      );
      break;
    case "productionPicking":
    case "productionSummary":
    case "productionLabels":
    case "productionFinish":
      screen = lazyPart(
        <ProductionScreen
          step={route.screen.replace("production", "").toLowerCase() as
            | "picking"
            | "summary"
            | "labels"
            | "finish"}
          openedDialogId={match.openedDialogId}
        />,
      );
      break;
    case "sharedAccess":
      screen = lazyPart(<SharedAccessScreen openedDialogId={match.openedDialogId} />);
      break;
    case "printSites":
      screen = lazyPart(<PrintSitesScreen {...dialog} />);
      break;
    case "externalOrder":
      screen = lazyPart(<ExternalOrderScreen {...dialog} />);
      break;
    case "myOrders":
      screen = lazyPart(<MyOrdersScreen openedDialogId={match.openedDialogId} />);
      break;
    case "logisticsConfig":
      screen = lazyPart(<LogisticsConfigScreen />);
      break;
    case "warehouseMap":
      screen = lazyPart(<WarehouseMapScreen />);
      break;
    case "importFile":
      screen = lazyPart(<ImportFileScreen />);
      break;
    case "messages":
      screen = lazyPart(
        <MessagesScreen openedDialogId={match.openedDialogId} additionalParams={match.additionalParams} />,
      );
      break;
    case "freight":
      screen = lazyPart(
        <FreightScreen openedDialogId={match.openedDialogId} additionalParams={match.additionalParams} />,
      );
      break;
    case "externalCredentials":
      screen = lazyPart(
        <ExternalCredentialsScreen
          openedDialogId={match.openedDialogId}
          additionalParams={match.additionalParams}
        />,
      );
      break;
    case "faces":
      screen = lazyPart(<FacesScreen />);
      break;
    case "externalActivation":
      screen = lazyPart(<ExternalActivationScreen />);
      break;
    case "productExternal":
      screen = lazyPart(
        <ProductExternalScreen
          openedDialogId={match.openedDialogId}
          additionalParams={match.additionalParams}
        />,
      );
      break;
    case "freightMessages":
      screen = lazyPart(
        <FreightMessagesScreen
          openedDialogId={match.openedDialogId}
          additionalParams={match.additionalParams}
        />,
      );
      break;
    case "priceList":
      screen = lazyPart(<PriceListScreen />);
      break;
    case "calendarMonth":
    case "calendarDay":
    case "calendarAgenda":
    case "calendarResources":
      screen = lazyPart(<CalendarScreen key={route.name} view={viewOfScreen[route.screen]} />);
      break;
    case "terminal":
      // The terminal's steps say what to do next; the heading says which screen this is.
      screen = (
        <section>
          <TerminalHeading route={route.name} />
          {lazyPart(
            <TerminalScreen
              key={route.name}
              route={route.name}
              openedDialogId={match.openedDialogId}
            />,
          )}
        </section>
      );
      break;
    default:
      screen = <ComingSoon route={route.name} openedDialogId={match.openedDialogId} />;
  }
  return <MainLayout>{screen}</MainLayout>;
}

/** After hydration: the session from local storage, then the guard on the opened address. */
function Hydrate() {
  const setAuth = useSetAtom(authAtom);
  const setHydrated = useSetAtom(hydratedAtom);
  const setCompact = useSetAtom(compactMenuAtom);
  const setCompactLists = useSetAtom(compactListsAtom);
  useEffect(() => {
    setAuth(readStorage<TokenData>(KEYS.auth));
    setCompact(readStorage<boolean>(KEYS.compactMenu) ?? false);
    setCompactLists(readStorage<boolean>(KEYS.compactLists) ?? false);
    setHydrated(true);
    // A signal for tests and tools that the page is interactive now.
    document.documentElement.dataset.hydrated = "true";
    startNavigation();
  }, [setAuth, setHydrated, setCompact]);
  return null;
}

export function App(p: { store: ReturnType<typeof createStore> }) {
  return (
    <Provider store={p.store}>
      <Localized />
    </Provider>
  );
}

function Localized() {
  const lang = useAtomValue(langAtom);
  return (
    <I18nProvider locale={lang}>
      <OfflineBanner />
      <OutdatedBanner />
      <DocumentLimitBanner />
      <Screen />
      <Toasts />
      <Hydrate />
    </I18nProvider>
  );
}
