package dev.pronto.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {
    @TempDir
    Path dir;

    private Path yaml(String text) throws Exception {
        return Files.writeString(dir.resolve("app.yaml"), text);
    }

    @Test
    void laterLayersWinDefaultsThenFileThenEnvThenSystemProperties() throws Exception {
        Path file = yaml("database:\n  url: postgres://file\n  max-conn: 8\nport: 1\n");
        Properties sys = new Properties();
        sys.setProperty("port", "3");
        Config config = Config.builder().file(file).env(Map.of("DATABASE_MAX_CONN", "16", "PORT", "2"))
                .properties("system property", sys).build();

        assertThat(config.string("database.url", "default")).isEqualTo("postgres://file");
        assertThat(config.integer("database.max-conn", 4, 1, 100)).isEqualTo(16);
        assertThat(config.integer("port", 8080, 0, 65535)).isEqualTo(3);
        assertThat(config.integer("absent", 7, 0, 10)).isEqualTo(7);
    }

    @Test
    void aBadValueFailsNamingTheKeyTheValueAndItsSource() {
        Config config = Config.builder().env(Map.of("DATABASE_MAX_CONN", "lots")).build();

        assertThatThrownBy(() -> config.integer("database.max-conn", 4, 1, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("configuration key 'database.max-conn' (env DATABASE_MAX_CONN) must be an integer, got 'lots'");
    }

    @Test
    void anOutOfRangeValueFailsWithTheRange() {
        Config config = Config.builder().env(Map.of("PORT", "70000")).build();

        assertThatThrownBy(() -> config.integer("port", 8080, 0, 65535))
                .hasMessageContaining("'port'").hasMessageContaining("between 0 and 65535, got '70000'");
    }

    @Test
    void describeListsEveryKeyReadWithSecretsAndUrlPasswordsMasked() {
        Config config = Config.builder().env(Map.of("DATABASE_URL", "postgres://bench:hunter2@db:5432/x", "API_TOKEN", "t0k")).build();
        config.string("database.url", null);
        config.secret("api.token", null);
        config.integer("port", 8080, 0, 65535);

        assertThat(config.describe()).isEqualTo("api.token = *** (env API_TOKEN)\n"
                + "database.url = postgres://bench:***@db:5432/x (env DATABASE_URL)\n"
                + "port = 8080 (default)\n");
    }

    @Test
    void durationsAndChoicesAreValidated() {
        Config config = Config.builder().env(Map.of("TIMEOUT", "250ms", "CACHE", "ram")).build();

        assertThat(config.duration("timeout", Duration.ZERO)).isEqualTo(Duration.ofMillis(250));
        assertThatThrownBy(() -> config.oneOf("cache", "memory", List.of("memory", "disk")))
                .hasMessage("configuration key 'cache' (env CACHE) must be one of [memory, disk], got 'ram'");
    }

    @Test
    void yamlBeyondNestedMapsIsRefusedWithTheLine() throws Exception {
        Path file = yaml("servers:\n  - a\n");

        assertThatThrownBy(() -> Config.builder().file(file)).hasMessageContaining("line 2");
    }

    @Test
    void aMissingOptionalFileIsSkipped() {
        Config config = Config.builder().optionalFile(dir.resolve("none.properties")).build();

        assertThat(config.string("x", "fallback")).isEqualTo("fallback");
    }

    @Test
    void aMissingNamedFileIsAnError() {
        Path missing = dir.resolve("aap.yaml");

        assertThatThrownBy(() -> Config.builder().file(missing))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(missing + " does not exist");
    }

    @Test
    void aClasspathResourceIsALayer() {
        Config config = Config.builder().file("classpath:config/app-test.yaml").build();

        assertThat(config.string("service.name", null)).isEqualTo("from-classpath");
        assertThat(config.describe()).contains("service.name = from-classpath (classpath:config/app-test.yaml)");
    }

    @Test
    void aMissingClasspathResourceIsAnErrorUnlessOptional() {
        assertThatThrownBy(() -> Config.builder().file("classpath:config/none.yaml"))
                .hasMessageContaining("classpath:config/none.yaml does not exist");
        assertThat(Config.builder().optionalFile("classpath:config/none.yaml").build().integer("n", 7, 0, 9)).isEqualTo(7);
    }

    @Test
    void booleansAreTrueOrFalseAndNothingElse() {
        Config config = Config.builder().env(Map.of("CACHE_ON", "TRUE", "TRACE", "yes")).build();

        assertThat(config.bool("cache.on", false)).isTrue();
        assertThat(config.bool("absent", true)).isTrue();
        assertThatThrownBy(() -> config.bool("trace", false))
                .hasMessage("configuration key 'trace' (env TRACE) must be true or false, got 'yes'");
    }

    @Test
    void longIntegersAreParsedAndBounded() {
        Config config = Config.builder().env(Map.of("MAX_BYTES", "8589934592", "SMALL", "-1")).build();

        assertThat(config.longInteger("max.bytes", 0, 0, Long.MAX_VALUE)).isEqualTo(8_589_934_592L);
        assertThatThrownBy(() -> config.longInteger("small", 1, 0, 10))
                .hasMessage("configuration key 'small' (env SMALL) must be between 0 and 10, got '-1'");
    }

    @Test
    void boundedDurationsRefuseValuesOutsideTheRange() {
        Config config = Config.builder().env(Map.of("TIMEOUT", "2h")).build();

        assertThat(config.duration("other", Duration.ofSeconds(5), Duration.ZERO, Duration.ofMinutes(1)))
                .isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> config.duration("timeout", Duration.ofSeconds(5), Duration.ZERO, Duration.ofMinutes(1)))
                .hasMessage("configuration key 'timeout' (env TIMEOUT) must be between PT0S and PT1M, got 'PT2H'");
    }
}
