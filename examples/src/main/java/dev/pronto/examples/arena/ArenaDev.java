package dev.pronto.examples.arena;

import dev.pronto.json.ProntoJson;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The arena app for development ({@code examples/run.sh} runs {@code arena-dev.jar}) and
 * tests: without {@code DATABASE_URL} it first starts an embedded Postgres seeded with the app's
 * dataset, then the app on it. Production ({@code arena.jar}) never loads this class.
 */
public final class ArenaDev {
    private static final String ROUTES_LOGGER = "dev.pronto.core.Server.routes";

    private ArenaDev() {
    }

    public static void main(String[] args) throws Exception {
        // the demo prints its route table after the listening line (Server.routes() at DEBUG on this logger)
        String routesLevel = "org.slf4j.simpleLogger.log." + ROUTES_LOGGER;
        if (System.getProperty(routesLevel) == null) {
            System.setProperty(routesLevel, "debug");
        }
        ArenaApp app = start(System.getenv());
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "arena-shutdown"));
    }

    /** Starts the app on {@code env}, with an embedded, seeded Postgres unless it names one. */
    static ArenaApp start(Map<String, String> env) throws Exception {
        ArenaConfig config = ArenaConfig.fromEnv(env);
        if (config.databaseUrl() != null) {
            return ArenaApp.start(config, () -> { });
        }
        List<Model.Item> dataset = Dataset.load(config.dataDir().resolve("dataset.json"),
                ProntoJson.create(new ArenaJson()));
        EmbeddedDb db = EmbeddedDb.start(dataset);
        Map<String, String> withDb = new HashMap<>(env);
        withDb.put("DATABASE_URL", db.url());
        return ArenaApp.start(ArenaConfig.fromEnv(withDb), db);
    }
}
