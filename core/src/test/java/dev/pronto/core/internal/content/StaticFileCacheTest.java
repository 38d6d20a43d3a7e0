package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory cache of static files: one entry per real file, bounded in bytes whatever the URLs. */
class StaticFileCacheTest {
    private static final String CSS = "body { color: red; }\n".repeat(50);
    @TempDir
    Path root;
    private final List<TestClient> clients = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        Files.writeString(root.resolve("reset.css"), CSS);
        Files.createSymbolicLink(root.resolve("alias.css"), root.resolve("reset.css"));
        Files.createSymbolicLink(root.resolve("loop"), root);
    }

    @AfterEach
    void tearDown() {
        clients.forEach(TestClient::close);
    }

    private TestClient client(StaticFileServer files) {
        TestClient c = TestClient.start(Server.builder().routes(r -> r.get("/static/{*path}", files::serve)));
        clients.add(c);
        return c;
    }

    private static StaticFileServer memory(Path root, long capacity) {
        return new StaticFileServer(root, new StaticFileServer.Settings(null, 1024 * 1024, capacity, false));
    }

    /** Sends {@code count} pipelined GETs of the paths {@code path} makes and returns the responses. */
    private static List<TestResponse> getAll(TestClient c, int count, IntFunction<String> path) {
        List<TestResponse> all = new ArrayList<>();
        for (int from = 0; from < count; from += 250) {
            StringBuilder raw = new StringBuilder();
            int n = Math.min(250, count - from);
            for (int i = from; i < from + n; i++) {
                raw.append("GET /static/").append(path.apply(i)).append(" HTTP/1.1\r\nHost: x\r\n\r\n");
            }
            all.addAll(c.sendAll(raw.toString(), n));
        }
        assertThat(all).hasSize(count);
        return all;
    }

    /** {@code name} with the letters chosen by the bits of {@code mask} percent-encoded. */
    private static String encoded(String name, int mask) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            sb.append((mask >> i & 1) != 0 ? String.format(i % 2 == 0 ? "%%%02X" : "%%%02x", (int) c) : String.valueOf(c));
        }
        return sb.toString();
    }

    @Test
    void thousandsOfSpellingsOfOneFileShareOneEntryAndOneName() {
        StaticFileServer files = memory(root, 1024 * 1024);
        IntFunction<String> spelling = i -> (i % 3 == 0 ? "loop//" : "") + encoded("reset.css", i % 512)
                + "/".repeat(i / 512);

        List<TestResponse> responses = getAll(client(files), 4000, spelling);

        assertThat(responses).allSatisfy(r -> assertThat(r.text()).isEqualTo(CSS));
        assertThat(files.cache().files()).isEqualTo(1);
        assertThat(files.cache().names()).isLessThanOrEqualTo(FileCache.NAMES_PER_ENTRY);
    }

    @Test
    void symlinkedNamesShareTheRealFilesEntryWithBoundedNames() {
        StaticFileServer files = memory(root, 1024 * 1024);

        List<TestResponse> responses = getAll(client(files), 40, i -> "loop/".repeat(i % 20)
                + (i < 20 ? "reset.css" : "alias.css"));

        assertThat(responses).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
        assertThat(files.cache().files()).isEqualTo(1);
        assertThat(files.cache().names()).isEqualTo(FileCache.NAMES_PER_ENTRY);
    }

    @Test
    void missingAndMisspelledFilesAreNeverCached() {
        StaticFileServer files = memory(root, 1024 * 1024);
        String[] forms = {"missing-%d.css", "reset.css/%d", "./reset.css?v=%d", "reset.css/./%d", "%d/../reset.css"};

        List<TestResponse> responses = getAll(client(files), 3000, i -> String.format(forms[i % forms.length], i));

        assertThat(responses).allSatisfy(r -> assertThat(r.status()).isEqualTo(404));
        assertThat(files.cache().files()).isZero();
        assertThat(files.cache().names()).isZero();
    }

    @Test
    void cacheNeverHoldsMoreThanItsCapacity() throws Exception {
        for (int i = 0; i < 200; i++) {
            Files.writeString(root.resolve("f" + i + ".txt"), Integer.toString(i).repeat(1000));
        }
        StaticFileServer files = memory(root, 16 * 1024);

        List<TestResponse> responses = getAll(client(files), 200, i -> "f" + i + ".txt");

        assertThat(responses.get(199).text()).isEqualTo("199".repeat(1000));
        assertThat(files.cache().used()).isLessThanOrEqualTo(16 * 1024);
        assertThat(files.cache().files()).isBetween(1, 10);
    }

    @Test
    void aFileUsedBetweenEvictionsStaysCached() throws Exception {
        for (int i = 0; i < 50; i++) {
            Files.writeString(root.resolve("f" + i + ".txt"), "x".repeat(1000));
        }
        StaticFileServer files = memory(root, 8 * 1024);

        getAll(client(files), 100, i -> i % 2 == 0 ? "reset.css" : "f" + i / 2 + ".txt");

        assertThat(files.cache().byName("reset.css")).isNotNull();
    }
}
