// The HTML a contractor's web shop pastes in to show a stock or inventory widget (widgets/embed.js).
export function widgetSnippet(origin: string, element: "wms-stock" | "wms-inventory", key: string): string {
  return `<script src="${origin}/widgets/embed.js" async></script>\n<${element} key="${key}"></${element}>`;
}
