package dev.pronto.examples.arena;

import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import java.util.function.Consumer;

/**
 * {@code GET /}: a short text index of the demo, its OpenAPI page and every route of the server, so a
 * first request to the root finds its way instead of a 404. The text is fixed once the server is built.
 */
final class ArenaIndex implements Consumer<Routes> {
    private volatile String text = "Pronto arena demo: starting\n";

    @Override
    public void accept(Routes r) {
        r.get("/", ArenaDocs.INDEX, (req, res) -> res.contentType("text/plain; charset=utf-8").send(text));
    }

    /** Lists the routes of {@code server}; call once it is built, before it serves. */
    void bind(Server server) {
        StringBuilder sb = new StringBuilder("Pronto arena demo: HttpArena's endpoints.\n")
                .append("OpenAPI of the annotated controllers: /openapi (page), /openapi.json (document)\n\nRoutes:\n");
        for (String route : server.routes()) {
            sb.append("  ").append(route).append('\n');
        }
        text = sb.toString();
    }
}
