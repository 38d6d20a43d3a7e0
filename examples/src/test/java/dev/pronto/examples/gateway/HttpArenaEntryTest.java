package dev.pronto.examples.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/**
 * The two HttpArena entries (examples/arena/httparena/pronto and pronto-stack) as HttpArena's scripts use them:
 * each build context is inside HttpArena's frameworks/ tree, single-container and compose profiles are in
 * separate meta.json files, every service another one needs has a healthcheck and is waited for, and the
 * production-stack cache stays off the crud profile's Redis port.
 */
class HttpArenaEntryTest {
    private static final Path ENTRIES = Path.of("arena", "httparena");
    private static final List<String> COMPOSE_PROFILES = List.of("gateway-64", "gateway-h3", "production-stack");

    @Test
    void singleContainerAndComposeProfilesAreSeparateEntries() throws IOException {
        List<String> single = tests("pronto");
        List<String> stack = tests("pronto-stack");

        assertThat(single).isNotEmpty().doesNotContainAnyElementsOf(COMPOSE_PROFILES);
        assertThat(stack).containsExactlyInAnyOrderElementsOf(COMPOSE_PROFILES);
    }

    @Test
    void theSingleContainerEntryBuildsFromItsOwnFolder() throws IOException {
        String dockerfile = Files.readString(ENTRIES.resolve("pronto/Dockerfile"));
        Matcher copy = Pattern.compile("(?m)^COPY (?!--from)(\\S+)").matcher(dockerfile);
        List<String> sources = new ArrayList<>();
        while (copy.find()) {
            sources.add(copy.group(1));
        }

        assertThat(sources).isNotEmpty().allSatisfy(source -> {
            assertThat(source).doesNotContain("..").doesNotStartWith("examples/");
            assertThat(source.equals(".") || Files.exists(ENTRIES.resolve("pronto").resolve(source)))
                    .as("%s is in the entry folder", source).isTrue();
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml", "compose.production-stack.yml"})
    void everyBuildContextResolvesFromFrameworksProntoStack(String file) throws IOException {
        for (Map.Entry<String, Object> service : services(file).entrySet()) {
            Object build = map(service.getValue()).get("build");
            if (build == null) {
                continue;
            }
            String context = build instanceof String s ? s : (String) map(build).get("context");
            Path dir = ENTRIES.resolve("pronto-stack").resolve(context).normalize();
            if (context.startsWith("../_shared/")) {
                continue; // HttpArena's own shared services (authsvc), next to frameworks/pronto-stack
            }
            assertThat(dir.startsWith(ENTRIES)).as("%s of %s stays in frameworks/", context, service.getKey()).isTrue();
            assertThat(dir.resolve("Dockerfile")).isRegularFile();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml", "compose.production-stack.yml"})
    void everyServiceWaitsForTheHealthOfThoseItNeeds(String file) throws IOException {
        Map<String, Object> services = services(file);
        for (Object raw : services.values()) {
            Object dependsOn = map(raw).get("depends_on");
            if (dependsOn == null) {
                continue;
            }
            assertThat(dependsOn).isInstanceOf(Map.class);
            map(dependsOn).forEach((name, condition) -> {
                assertThat(map(condition)).containsEntry("condition", "service_healthy");
                assertThat(map(services.get(name))).containsKey("healthcheck");
            });
        }
    }

    @Test
    void theProductionStackEdgeStartsAfterTheServerWhichStartsAfterTheSeededCache() throws IOException {
        assertThat(map(service("compose.production-stack.yml", "edge").get("depends_on"))).containsOnlyKeys("authsvc", "server");
        assertThat(map(service("compose.production-stack.yml", "server").get("depends_on"))).containsOnlyKeys("cache");
    }

    @Test
    void theProductionStackCacheIsNotOnTheCrudProfilesRedisPort() throws IOException {
        String entrypoint = Files.readString(ENTRIES.resolve("pronto-stack/cache-entrypoint.sh"));
        @SuppressWarnings("unchecked")
        List<String> env = (List<String>) service("compose.production-stack.yml", "server").get("environment");

        assertThat(entrypoint).contains("--port 6380").doesNotContain("--port 6379", "-p 6379");
        assertThat(env).contains("REDIS_URL=redis://127.0.0.1:6380");
    }

    private static List<String> tests(String entry) throws IOException {
        Matcher list = Pattern.compile("\"tests\"\\s*:\\s*\\[([^]]*)]").matcher(Files.readString(ENTRIES.resolve(entry).resolve("meta.json")));
        assertThat(list.find()).isTrue();
        List<String> tests = new ArrayList<>();
        Matcher name = Pattern.compile("\"([^\"]+)\"").matcher(list.group(1));
        while (name.find()) {
            tests.add(name.group(1));
        }
        return tests;
    }

    private static Map<String, Object> services(String file) throws IOException {
        try (Reader in = Files.newBufferedReader(ENTRIES.resolve("pronto-stack").resolve(file))) {
            Map<String, Object> compose = new Yaml().load(in);
            return map(compose.get("services"));
        }
    }

    private static Map<String, Object> service(String file, String name) throws IOException {
        return map(services(file).get(name));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object yaml) {
        assertThat(yaml).isInstanceOf(Map.class);
        return (Map<String, Object>) yaml;
    }
}
