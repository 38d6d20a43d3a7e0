package dev.pronto.archetype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The generated project's Kubernetes manifests: valid against the API's model, and in step with the app and image. */
class ManifestsTest {
    private static final Path TEMPLATE = Path.of("src/main/resources/archetype-resources");
    private static final long MIB = 1024 * 1024;
    /** Metaspace, code cache, thread stacks and GC structures of a small service, above heap and direct memory. */
    private static final long NON_HEAP_MIB = 128;

    @Test
    void deploymentMatchesKubernetesModel() {
        Deployment deployment = deployment();

        assertThat(deployment.getKind()).isEqualTo("Deployment");
        assertThat(container(deployment).getImage()).isEqualTo("demo:1.0.0");
    }

    @Test
    void serviceTargetsContainerPort() {
        Service service = StrictYaml.read(template("k8s/service.yaml"), Service.class);

        assertThat(service.getSpec().getPorts().getFirst().getTargetPort().getStrVal())
                .isEqualTo(container(deployment()).getPorts().getFirst().getName());
    }

    @Test
    void misspeltFieldIsRejected() {
        String typo = template("k8s/deployment.yaml").replace("readinessProbe:", "readynessProbe:");

        assertThatThrownBy(() -> StrictYaml.read(typo, Deployment.class)).hasMessageContaining("readynessProbe");
    }

    @Test
    void probesUseHealthEndpoints() {
        Container container = container(deployment());

        assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/health/live");
        assertThat(container.getStartupProbe().getHttpGet().getPath()).isEqualTo("/health/live");
        assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/health/ready");
    }

    @Test
    void gracePeriodOutlastsPreStopAndDrain() {
        Matcher drain = Pattern.compile("(?m)^\\s+drain: (\\d+)s$").matcher(template("config/application.yaml"));
        assertThat(drain.find()).isTrue();
        Deployment deployment = deployment();
        List<String> preStop = container(deployment).getLifecycle().getPreStop().getExec().getCommand();
        assertThat(preStop).hasSize(2).first().isEqualTo("sleep");

        long grace = deployment.getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds();
        assertThat(Duration.ofSeconds(grace))
                .isGreaterThan(Duration.ofSeconds(Long.parseLong(drain.group(1)) + Long.parseLong(preStop.get(1))));
    }

    @Test
    void memoryLimitHoldsJvmFlags() {
        Container container = container(deployment());
        Quantity limit = container.getResources().getLimits().get("memory");
        long limitMib = Quantity.getAmountInBytes(limit).divide(BigDecimal.valueOf(MIB)).longValueExact();
        String dockerfile = template("Dockerfile");

        long heapMib = limitMib * flag(dockerfile, "-XX:MaxRAMPercentage=(\\d+)") / 100;
        long directMib = flag(dockerfile, "-XX:MaxDirectMemorySize=(\\d+)m");
        assertThat(heapMib + directMib + NON_HEAP_MIB).isLessThanOrEqualTo(limitMib);
        assertThat(container.getResources().getRequests().get("memory")).isEqualTo(limit);
    }

    private static Deployment deployment() {
        return StrictYaml.read(template("k8s/deployment.yaml"), Deployment.class);
    }

    private static Container container(Deployment deployment) {
        return deployment.getSpec().getTemplate().getSpec().getContainers().getFirst();
    }

    private static long flag(String dockerfile, String regex) {
        Matcher m = Pattern.compile(regex).matcher(dockerfile);
        assertThat(m.find()).as("Dockerfile sets %s", regex).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** A template file with the archetype's properties as generation would set them. */
    private static String template(String file) {
        try {
            return Files.readString(TEMPLATE.resolve(file)).replace("${artifactId}", "demo").replace("${version}", "1.0.0");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
