// The widgets' custom elements for any site: <wms-stock key="..." lang="..."> and
// <wms-inventory key="..." lang="...">, optional theme="light|dark" (else the page's colour scheme) and
// page-size. Each renders in its own shadow root the HTML the server renders (/widgets/stock|inventory,
// format=fragment), asked from the server this script came from; a search and paging ask again. The server
// answers only the sites the key allows; a failure says so in the widget's language.
(() => {
  const base = new URL(
    document.currentScript ? document.currentScript.src : "/widgets/embed.js",
    location.href,
  );
  const failed = /*MESSAGES*/ {};
  class Widget extends HTMLElement {
    static get observedAttributes() {
      return ["key", "lang", "theme", "page-size"];
    }
    connectedCallback() {
      if (!this.shadowRoot) {
        const root = this.attachShadow({ mode: "open" });
        this.n = 0;
        this.q = "";
        this.page = 1;
        root.addEventListener("submit", (e) => {
          e.preventDefault();
          this.q = String(new FormData(e.target).get("q") || "");
          this.page = 1;
          this.load();
        });
        root.addEventListener("click", (e) => {
          const a = e.target.closest && e.target.closest("a[data-page]");
          if (!a) return;
          e.preventDefault();
          this.page = Number(a.getAttribute("data-page")) || 1;
          this.load();
        });
      }
      this.load();
    }
    attributeChangedCallback() {
      if (this.shadowRoot) this.load();
    }
    async load() {
      const lang = this.getAttribute("lang") || document.documentElement.lang || navigator.language || "";
      const url = new URL("/widgets/" + this.kind, base);
      const set = (k, v) => v && url.searchParams.set(k, v);
      set("key", this.getAttribute("key"));
      set("lang", lang);
      set("theme", this.getAttribute("theme"));
      set("size", this.getAttribute("page-size"));
      set("q", this.q);
      set("page", this.page > 1 ? String(this.page) : "");
      url.searchParams.set("format", "fragment");
      const n = ++this.n;
      let html;
      try {
        const answer = await fetch(url, { mode: "cors", credentials: "omit" });
        // Only the widget's own HTML goes into the shadow root (not a proxy's page or an error of another kind).
        if (!/^text\/html/.test(answer.headers.get("content-type") || "")) {
          throw new Error(String(answer.status));
        }
        html = await answer.text();
      } catch {
        const code = Object.keys(failed).find((l) => l.startsWith(lang.slice(0, 2).toLowerCase() + "-"));
        html = "<p role=status>" + failed[code || "en-us"] + "</p>";
      }
      // Only the latest answer is shown.
      if (n === this.n) {
        this.shadowRoot.innerHTML = html;
        this.dispatchEvent(new Event("wms-load"));
      }
    }
  }
  for (const kind of ["stock", "inventory"]) {
    if (!customElements.get("wms-" + kind)) {
      customElements.define(
        "wms-" + kind,
        class extends Widget {
          get kind() {
            return kind;
          }
        },
      );
    }
  }
})();
