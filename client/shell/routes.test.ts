import { describe, expect, it } from "vitest";
import { afterSignIn, guard, matchPath, noParamRoutes, routeTable, specParamRoutes } from "./routes.ts";
import { enUs } from "../../shared/i18n/en_us.ts";
import { resourceScreens } from "../screens/resources.ts";

describe("routes", () => {
  it("match screens with their optional openedDialogId and additionalParams", () => {
    expect(matchPath("/users")?.route.name).toBe("users");
    expect(matchPath("/users/12")).toMatchObject({ route: { name: "users" }, openedDialogId: "12" });
    expect(matchPath("/users/12/roles")).toMatchObject({ openedDialogId: "12", additionalParams: "roles" });
    expect(matchPath("/users/12/roles/extra")).toBeUndefined();
    expect(matchPath("/warehouse-map/1")).toBeUndefined(); // takes no parameters
    expect(matchPath("/shared/wms-stock")?.route.name).toBe("shared/wms-stock");
    expect(matchPath("/nothing-here")).toBeUndefined();
  });

  it("every route the spec lists with openedDialogId and additionalParams takes both (issue 31)", () => {
    // product-spec 2, "Screens with optional openedDialogId and additionalParams", and the terminal's.
    const spec = [
      "warehouse-documents",
      "warehouse-documents-positions",
      "warehouse-product-stock",
      "warehouse-product-inventory",
      "warehouse-new-document",
      "warehouse-new-order",
      "warehouse-orders",
      "warehouse-orders-delay-monitor",
      "warehouse-orders-positions",
      "warehouse-orders-verify",
      "warehouse-orders-verify-positions",
      "warehouse-supply",
      "warehouse-supply-reports",
      "external-order",
      "my-orders",
      "wms-terminal-collect",
      "wms-terminal-in",
      "wms-terminal-out",
      "wms-terminal-relocate",
      "wms-terminal-check",
    ];
    expect([...specParamRoutes].sort()).toEqual([...spec].sort());
    for (const name of spec) {
      expect(matchPath(`/${name}`)?.route.name, name).toBe(name);
      expect(matchPath(`/${name}/123`), name).toMatchObject({ route: { name }, openedDialogId: "123" });
      expect(matchPath(`/${name}/5/x`), name).toMatchObject({
        route: { name },
        openedDialogId: "5",
        additionalParams: "x",
      });
    }
    // Every route that takes them, whichever list it came from.
    for (const r of routeTable.filter((r) => r.params)) {
      expect(matchPath(`/${r.name}/7/preview`)?.route.name, r.name).toBe(r.name);
    }
  });

  it("the screens the spec gives no parameters refuse them: the missing page", () => {
    for (const name of noParamRoutes) {
      expect(matchPath(`/${name}`)?.route.name, name).toBe(name);
      expect(matchPath(`/${name}/1`), name).toBeUndefined();
    }
  });

  it("the routes of the master-data registry are resource screens with dialogs, and only they", () => {
    const names = Object.keys(resourceScreens);
    expect(names).toContain("product-groups");
    for (const name of names) {
      expect(routeTable.find((r) => r.name === name), name).toMatchObject({
        screen: "resource",
        params: true,
      });
    }
    expect(routeTable.filter((r) => r.screen === "resource").map((r) => r.name).sort()).toEqual(names.sort());
    expect(matchPath("/product-groups/new")).toMatchObject({
      route: { name: "product-groups", screen: "resource" },
      openedDialogId: "new",
    });
  });

  it("every screen route has a title in the catalogue", () => {
    for (const r of routeTable.filter((r) => r.name && !["signup", "signin"].includes(r.name))) {
      expect(enUs[`route.${r.name}` as keyof typeof enUs], r.name).toBeTruthy();
    }
  });

  it("the guard lets signed-in users and open paths pass and remembers the full path of the rest", () => {
    expect(guard("/users/3?x=1", false)).toEqual({ kind: "signin", remember: "/users/3?x=1" });
    expect(guard("/users/3", true)).toEqual({ kind: "allow" });
    for (
      const open of [
        "/signin",
        "/signup",
        "/signin/oidc?code=x&state=y",
        "/activate?code=x",
        "/recovery",
        "/title",
        "/shared/wms-inventory",
      ]
    ) {
      expect(guard(open, false), open).toEqual({ kind: "allow" });
    }
    expect(guard("/unknown", false)).toEqual({ kind: "allow" }); // the missing page
  });

  it("after sign-in: the remembered path, else the last menu link, else /", () => {
    expect(afterSignIn("/users/2", "/companies")).toBe("/users/2");
    expect(afterSignIn(null, "/companies")).toBe("/companies");
    expect(afterSignIn(null, null)).toBe("/");
    expect(afterSignIn("//evil.example/x", null)).toBe("/");
    expect(afterSignIn("/signin", "/nowhere")).toBe("/");
  });

  it("after sign-in never leaves the application: another host, scheme or a script is refused", () => {
    for (
      const foreign of [
        "https://evil.example/users",
        "//evil.example",
        "/\\evil.example",
        "\\evil.example",
        "javascript:alert(1)",
        "data:text/html,x",
        " /users",
        "users",
      ]
    ) {
      expect(afterSignIn(foreign, null), foreign).toBe("/");
      expect(afterSignIn(null, foreign), foreign).toBe("/");
    }
  });
});
