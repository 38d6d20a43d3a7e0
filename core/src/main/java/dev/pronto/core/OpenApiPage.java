package dev.pronto.core;

/**
 * The optional page of {@link OpenApi}: a plain listing of the document's operations, rendered in the
 * browser by an inline script from the JSON document, so nothing is downloaded from elsewhere.
 */
final class OpenApiPage {
    private static final String PAGE = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>API</title>
            <style>body{font:15px system-ui,sans-serif;margin:2em;max-width:60em}code{background:#eee;padding:0 .3em}
            h2{font-size:1.1em;margin-top:1.5em}td,th{text-align:left;padding:.1em .8em .1em 0;vertical-align:top}</style>
            </head><body><h1 id="title">API</h1><p>Document: <a id="doc" href="%1$s">%1$s</a></p><div id="ops"></div>
            <script>
            const el = (tag, text) => { const e = document.createElement(tag); if (text) e.textContent = text; return e; };
            fetch("%1$s").then(r => r.json()).then(doc => {
              document.getElementById("title").textContent = doc.info.title + " " + doc.info.version;
              const ops = document.getElementById("ops");
              for (const [path, item] of Object.entries(doc.paths)) {
                for (const [method, op] of Object.entries(item)) {
                  const h = el("h2"); h.append(el("code", method.toUpperCase() + " " + path));
                  if (op.summary) h.append(" " + op.summary);
                  ops.append(h);
                  if (op.description && op.description !== op.summary) ops.append(el("p", op.description));
                  const table = el("table");
                  for (const p of op.parameters || []) {
                    const row = el("tr"); row.append(el("td", p.in), el("td", p.name + (p.required ? " *" : "")),
                        el("td", JSON.stringify(p.schema))); table.append(row);
                  }
                  for (const [code, res] of Object.entries(op.responses)) {
                    const row = el("tr"); row.append(el("td", "response"), el("td", code),
                        el("td", res.description || res.$ref || "")); table.append(row);
                  }
                  ops.append(table);
                }
              }
            }).catch(e => document.getElementById("ops").textContent = "Cannot load the document: " + e);
            </script></body></html>
            """;

    private OpenApiPage() {
    }

    /** The page loading the document from {@code documentPath}, a checked plain path. */
    static String html(String documentPath) {
        return PAGE.formatted(documentPath);
    }
}
