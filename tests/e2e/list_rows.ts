// Reading the generic list as a person sees it: its column headings, and a row's cells by column.
import type { Page } from "playwright-core";

/** The visible columns' names (the fields they show), in order. */
export function listColumns(page: Page): Promise<string[]> {
  return page.locator('[data-testid="list-grid"] [role="columnheader"][data-column]').evaluateAll((heads) =>
    heads.map((h) => h.getAttribute("data-column")!)
  );
}

/** The first row holding `text`: each visible column's cell text by its field name. */
export async function listRow(page: Page, text: string): Promise<Record<string, string>> {
  const row = page.locator("[data-row-id]").filter({ hasText: text }).first();
  await row.waitFor();
  const columns = await listColumns(page);
  const cells = await row.locator('[role="gridcell"]').evaluateAll((all) =>
    all.slice(1).map((c) => (c.textContent ?? "").trim())
  );
  return Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
}

/** How many rows the list has drawn (it reads its rows a page at a time). */
export function drawnRows(page: Page): Promise<number> {
  return page.locator("[data-row-id]").count();
}
