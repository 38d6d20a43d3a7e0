package dev.pronto.client.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.PackageGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The client's package rules of docs/architecture.md hold for its sources, and a broken one is reported. */
class ClientPackageRulesTest {
    private static final String PREFIX = "dev.pronto.client.http.internal.";

    @Test
    void theClientPackagesFollowTheRules() {
        Map<String, Map<String, String>> packages = ClientPackageRules.read(Path.of("src/main/java/dev/pronto/client/http"));

        assertThat(packages).containsKeys("internal", "http1", "http2", "http3", "teleport", "websocket", "dispatch");
        assertThat(ClientPackageRules.violations(packages)).isEmpty();
    }

    @Test
    void theModuleExportsNoImplementationPackage() throws IOException {
        String moduleInfo = Files.readString(Path.of("src/main/java/module-info.java"));

        assertThat(PackageGraph.exportsInternal(moduleInfo)).isEmpty();
    }

    @Test
    void aProtocolImportingAnotherProtocolIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("http2").put("H2Connection.java", source("http2", "import " + PREFIX + "http1.PooledConnection;"));

        assertThat(ClientPackageRules.violations(packages)).contains("http2/H2Connection.java depends on http1:"
                + " a protocol never depends on another protocol (the core's interfaces connect them)");
    }

    @Test
    void theCoreNamingAProtocolFullyQualifiedIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("internal").put("ConnectAttempt.java",
                source("internal", "Object o = " + PREFIX + "http2.H2ConnectionBuilder.class;"));

        assertThat(ClientPackageRules.violations(packages)).contains("internal/ConnectAttempt.java depends on http2:"
                + " the shared core never depends on a protocol (ConnectionProtocols hands it their connections)");
    }

    @Test
    void anApiClassNamingAnotherProtocolThanItsOwnIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("api").put("TeleportClient.java", "import " + PREFIX + "teleport.TeleportLinks;\n");
        packages.get("api").put("HttpClient.java", "import " + PREFIX + "http1.PooledConnection;\n");

        assertThat(ClientPackageRules.violations(packages)).containsExactly("api/HttpClient.java depends on http1:"
                + " only dispatch and a protocol's own client (Http3Client.java, TeleportClient.java) name a protocol");
    }

    @Test
    void aCycleBetweenPackagesIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("contract").put("ContractCalls.java", source("contract", "import " + PREFIX + "dispatch.Dispatcher;"));
        packages.get("dispatch").put("Dispatcher.java", source("dispatch", "import " + PREFIX + "contract.ContractCalls;"));

        assertThat(ClientPackageRules.violations(packages)).containsExactly("package cycle between contract, dispatch:"
                + " no package may depend on one that depends back on it");
    }

    @Test
    void aCycleThroughTheCoreIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("internal").put("LoopContext.java",
                source("internal", "Object o = " + PREFIX + "dispatch.Dispatcher.class;"));
        packages.get("dispatch").put("Dispatcher.java", source("dispatch", "import " + PREFIX + "LoopContext;"));

        assertThat(ClientPackageRules.violations(packages)).containsExactly("package cycle between dispatch, internal:"
                + " no package may depend on one that depends back on it");
    }

    @Test
    void aPackageWithoutPackageInfoIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("teleport").remove("package-info.java");

        assertThat(ClientPackageRules.violations(packages)).containsExactly("teleport has no package-info.java");
    }

    @Test
    void aPackageAboveFortyMainFilesIsReported() {
        Map<String, Map<String, String>> packages = tree();
        for (int i = 0; i < 41; i++) {
            packages.get("internal").put("C" + i + ".java", source("internal", ""));
        }

        assertThat(ClientPackageRules.violations(packages)).containsExactly("internal has 41 main files, more than 40");
    }

    /** A tree of empty, documented packages that breaks no rule, with an API package. */
    private static Map<String, Map<String, String>> tree() {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        packages.put("api", new HashMap<>());
        for (String pkg : new String[] {"internal", "http1", "http2", "http3", "teleport", "websocket", "dispatch",
                "contract"}) {
            Map<String, String> files = new HashMap<>();
            files.put("package-info.java", source(pkg, ""));
            packages.put(pkg, files);
        }
        return packages;
    }

    private static String source(String pkg, String body) {
        String name = pkg.equals("internal") ? "dev.pronto.client.http.internal" : PREFIX + pkg;
        return "package " + name + ";\n" + body + "\n";
    }
}
