import dev.pronto.core.Server;
import dev.pronto.core.Transport;
import dev.pronto.jmh.json.Arena;
import dev.pronto.jmh.json.JmhJsonConfiguration;
import dev.pronto.json.ProntoJson;
import java.util.ArrayList;
import java.util.List;

/**
 * The arena's {@code /json/{count}?m=} route for json.sh, launched from source against any build's
 * benchmarks.jar ({@code java -cp benchmarks.jar jmh/load/JsonServer.java PORT}), so compare.sh can run
 * the same server on an older commit whose jar has no such class. Public API only, one epoll event loop.
 */
public final class JsonServer {
    private static final List<Arena.Item> ITEMS = Arena.items(50);

    private JsonServer() {
    }

    /** Arguments: the port. */
    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        Server.builder()
                .config(c -> c.port(port).ioThreads(1).transport(Transport.EPOLL))
                .json(ProntoJson.create(new JmhJsonConfiguration()))
                .routes(r -> r.get("/json/{count}", (req, res) -> res.json(response(req.param("count"), req.query("m")))))
                .build().start();
    }

    /** The first {@code count} items (clamped to 50) priced with multiplier {@code m}, as the arena app answers. */
    static Arena.ItemsResponse response(String count, String m) {
        int n = Math.max(0, Math.min(ITEMS.size(), parse(count, 0)));
        long k = parse(m, 1);
        List<Arena.PricedItem> priced = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Arena.Item it = ITEMS.get(i);
            priced.add(new Arena.PricedItem(it.id(), it.name(), it.category(), it.price(), it.quantity(), it.active(),
                    it.tags(), it.rating(), (long) it.price() * it.quantity() * k));
        }
        return new Arena.ItemsResponse(priced, n);
    }

    private static int parse(String v, int otherwise) {
        try {
            return v == null ? otherwise : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
