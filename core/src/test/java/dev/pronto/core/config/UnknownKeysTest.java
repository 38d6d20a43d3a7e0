package dev.pronto.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys a file sets that the service never reads are reported with the key they were probably meant to be. */
class UnknownKeysTest {
    @TempDir
    Path dir;

    private Config read(String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve("app.yaml"), yaml);
        Config config = Config.builder().file(file).env(Map.of("HOME", "/root")).build();
        ConfigRecords.server(config, "server");
        config.string("database.url", null);
        return config;
    }

    @Test
    void misspeltNestedKeyNamesTheNearestKnownKey() throws Exception {
        assertThat(read("server:\n  prot: 9090\n").unknownKeys()).containsExactly("configuration key 'server.prot' (file "
                + dir.resolve("app.yaml") + ") is not used; did you mean 'server.port'?");
    }

    @Test
    void misspeltTopLevelKeyFindsItsNestedHome() throws Exception {
        assertThat(read("prot: 9090\n").unknownKeys()).singleElement().asString().endsWith("did you mean 'server.port'?");
    }

    @Test
    void keyLikeNothingReadHasNoSuggestion() throws Exception {
        assertThat(read("completely-unrelated: x\n").unknownKeys()).singleElement().asString()
                .endsWith("is not used");
    }

    @Test
    void keysThatWereReadAndEnvironmentVariablesAreNotReported() throws Exception {
        assertThat(read("server:\n  port: 9090\ndatabase:\n  url: postgres://db\n").unknownKeys()).isEmpty();
    }
}
