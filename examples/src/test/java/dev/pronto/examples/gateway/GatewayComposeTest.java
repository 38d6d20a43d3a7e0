package dev.pronto.examples.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/**
 * The gateway profiles' compose files (httparena.md §5.17) as HttpArena's runner reads them: exactly the
 * services {@code proxy} and {@code server}, host network, 64 logical CPUs on SMT pairs, the runner's
 * variables, and each service started the way gateway-check.sh starts it.
 */
class GatewayComposeTest {
    private static final int SMT_OFFSET = 64;
    /** HttpArena's frameworks/pronto-stack, as kept in this repository. */
    static final Path ENTRY = Path.of("arena", "httparena", "pronto-stack");

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void hasExactlyTheProxyAndTheServer(String file) throws IOException {
        assertThat(services(file).keySet()).containsExactlyInAnyOrder("proxy", "server");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void cpusetsCoverExactly64LogicalCpusOnSmtPairs(String file) throws IOException {
        Set<Integer> proxy = cpus(service(file, "proxy").get("cpuset"));
        Set<Integer> server = cpus(service(file, "server").get("cpuset"));
        Set<Integer> all = new HashSet<>(proxy);
        all.addAll(server);

        assertThat(proxy.size() + server.size()).isEqualTo(64);
        assertThat(all).hasSize(64).allSatisfy(cpu -> assertThat(cpu).isBetween(0, 2 * SMT_OFFSET - 1));
        assertThat(proxy).allSatisfy(cpu -> assertThat(proxy).contains(sibling(cpu)));
        assertThat(server).allSatisfy(cpu -> assertThat(server).contains(sibling(cpu)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void everyServiceRunsOnTheHostNetworkUnconfinedWithUnboundedMemlockAndAMillionFiles(String file) throws IOException {
        assertThat(services(file).values()).allSatisfy(raw -> {
            Map<String, Object> service = map(raw);
            assertThat(service.get("network_mode")).isEqualTo("host");
            assertThat(service.get("security_opt")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                    .containsExactly("seccomp:unconfined");
            Map<String, Object> limits = map(service.get("ulimits"));
            assertThat(limits.get("memlock")).isEqualTo(-1);
            assertThat(limits.get("nofile")).isEqualTo(Map.of("soft", 1048576, "hard", 1048576));
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void usesTheRunnersCertsDataAndDatabaseVariables(String file) throws IOException {
        assertThat(strings(service(file, "proxy").get("volumes")))
                .containsExactlyInAnyOrder("${CERTS_DIR}:/certs:ro", "${DATA_DIR}/static:/data/static:ro");
        assertThat(strings(service(file, "server").get("volumes"))).contains("${DATA_DIR}/dataset.json:/data/dataset.json:ro");
        assertThat(strings(service(file, "server").get("environment")))
                .contains("DATABASE_URL=${DATABASE_URL}", "DATABASE_MAX_CONN=256");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void theServerGetsNoCertificatesSoTcp8443StaysTheProxys(String file) throws IOException {
        assertThat(strings(service(file, "server").get("volumes"))).noneMatch(v -> v.contains("CERTS_DIR"));
        assertThat(strings(service(file, "proxy").get("environment"))).contains("PORT=8443", "UPSTREAM=teleport");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void theProxyRunsGateway64WithTheImagesJvmFlags(String file) throws IOException {
        String command = String.join(" ", strings(service(file, "proxy").get("entrypoint")));

        // $$ is compose's escape: the container's shell, not compose, expands JAVA_OPTS (the image's ENV)
        assertThat(command).contains("$$JAVA_OPTS", "-cp /app/arena.jar dev.pronto.examples.gateway.Gateway64");
        assertThat(service(file, "server")).doesNotContainKey("entrypoint");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compose.gateway.yml", "compose.gateway-h3.yml"})
    void onlyTheH3ProfileTurnsOnH3AtTheEdge(String file) throws IOException {
        boolean h3 = strings(service(file, "proxy").get("environment")).contains("H3=1");

        assertThat(h3).isEqualTo(file.contains("h3"));
    }

    /** HttpArena's runner reads compose.gateway.yml for gateway-64 and compose.PROFILE.yml for the others. */
    @Test
    void metaJsonSubscribesToBothGatewayProfilesEachWithItsComposeFile() throws IOException {
        String meta = Files.readString(ENTRY.resolve("meta.json"));
        java.util.regex.Matcher subscribed = java.util.regex.Pattern.compile("\"(gateway-64|gateway-h3|production-stack)\"")
                .matcher(meta);
        List<String> profiles = new java.util.ArrayList<>();
        while (subscribed.find()) {
            profiles.add(subscribed.group(1));
        }

        assertThat(profiles).contains("gateway-64", "gateway-h3");
        assertThat(profiles).allSatisfy(profile -> assertThat(ENTRY.resolve(
                profile.equals("gateway-64") ? "compose.gateway.yml" : "compose." + profile + ".yml")).isRegularFile());
    }

    private static Map<String, Object> services(String file) throws IOException {
        try (Reader in = Files.newBufferedReader(ENTRY.resolve(file))) {
            Map<String, Object> compose = new Yaml().load(in);
            return map(compose.get("services"));
        }
    }

    private static Map<String, Object> service(String file, String name) throws IOException {
        return map(services(file).get(name));
    }

    /** A cpuset such as {@code 0-19,64-83} as the set of CPUs it names. */
    private static Set<Integer> cpus(Object cpuset) {
        Set<Integer> cpus = new HashSet<>();
        for (String part : ((String) cpuset).split(",")) {
            String[] range = part.trim().split("-");
            int from = Integer.parseInt(range[0]);
            int to = Integer.parseInt(range[range.length - 1]);
            for (int cpu = from; cpu <= to; cpu++) {
                assertThat(cpus.add(cpu)).as("CPU %d listed twice in %s", cpu, cpuset).isTrue();
            }
        }
        return cpus;
    }

    private static int sibling(int cpu) {
        return cpu < SMT_OFFSET ? cpu + SMT_OFFSET : cpu - SMT_OFFSET;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object yaml) {
        assertThat(yaml).isInstanceOf(Map.class);
        return (Map<String, Object>) yaml;
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object yaml) {
        assertThat(yaml).isInstanceOf(List.class);
        return (List<String>) yaml;
    }
}
