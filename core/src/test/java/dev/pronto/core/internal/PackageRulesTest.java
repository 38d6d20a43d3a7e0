package dev.pronto.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.testsupport.PackageGraph;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The package rules of docs/architecture.md hold for the sources, and a broken one is reported. */
class PackageRulesTest {
    private static final Path API = Path.of("src/main/java/dev/pronto/core");

    @Test
    void theInternalPackagesFollowTheRules() {
        Map<String, Map<String, String>> packages = PackageRules.read(API);

        assertThat(packages).containsKeys("api", "exchange", "http1", "http2", "websocket", "wsendpoint", "teleport", "server", "registry");
        assertThat(PackageRules.violations(packages)).isEmpty();
    }

    @Test
    void theModuleExportsNoImplementationPackageBeyondProntosModules() throws IOException {
        String moduleInfo = Files.readString(Path.of("src/main/java/module-info.java"));

        assertThat(PackageGraph.exportsInternal(moduleInfo)).isEmpty();
    }

    @Test
    void anUnqualifiedExportOfAnImplementationPackageIsReported() {
        String moduleInfo = "module dev.pronto.core {\n    exports dev.pronto.core;\n"
                + "    exports dev.pronto.core.internal.wsendpoint;\n}";

        assertThat(PackageGraph.exportsInternal(moduleInfo)).containsExactly("exports dev.pronto.core.internal.wsendpoint;");
    }

    @Test
    void aQualifiedExportToProntosOwnModulesIsNoViolation() {
        String moduleInfo = "module dev.pronto.core {\n    // not API\n    exports dev.pronto.core.internal.wsendpoint to\n"
                + "        dev.pronto.client.http, dev.pronto.proxy;\n}";

        assertThat(PackageGraph.exportsInternal(moduleInfo)).isEmpty();
    }

    @Test
    void aProtocolImportingAnotherProtocolIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("http1").put("Sniffer.java", source("http1", "import dev.pronto.core.internal.http2.H2Connection;"));

        assertThat(PackageRules.violations(packages))
                .containsExactly("http1/Sniffer.java depends on http2: a protocol never depends on another protocol"
                        + " (find it by id through ProtocolCarriers)");
    }

    @Test
    void theCoreNamingAProtocolFullyQualifiedIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("exchange").put("Exchange.java",
                source("exchange", "Object o = dev.pronto.core.internal.http1.HttpConnection.class;"));

        assertThat(PackageRules.violations(packages))
                .containsExactly("exchange/Exchange.java depends on http1: the exchange core never depends on a protocol");
    }

    @Test
    void aServerFileNamingAProtocolIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("server").put("ServerContext.java", source("server", "import dev.pronto.core.internal.teleport.T;"));

        assertThat(PackageRules.violations(packages)).contains("server/ServerContext.java depends on teleport:"
                + " only registry/BuiltInProtocols.java names a protocol outside the protocols");
    }

    @Test
    void theRegistrationNamingEveryProtocolIsNoViolation() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("registry").put("BuiltInProtocols.java", source("registry",
                "import dev.pronto.core.internal.teleport.T;\nimport dev.pronto.core.internal.http1.H;"));

        assertThat(PackageRules.violations(packages)).isEmpty();
    }

    @Test
    void aCycleThroughTwoPackagesIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("exchange").put("Exchange.java", source("exchange", "import dev.pronto.core.internal.server.S;"));
        packages.get("server").put("S.java", source("server", "import dev.pronto.core.internal.exchange.Exchange;"));

        assertThat(PackageRules.violations(packages)).containsExactly("package cycle between exchange, server:"
                + " no package may depend on one that depends back on it");
    }

    @Test
    void aLongerCycleIsReportedOnceWithAllItsPackages() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("exchange").put("E.java", source("exchange", "Object o = dev.pronto.core.internal.util.U.X;"));
        packages.get("util").put("U.java", source("util", "import dev.pronto.core.internal.server.S;"));
        packages.get("server").put("S.java", source("server", "import dev.pronto.core.internal.exchange.E;"));
        packages.get("http1").put("H.java", source("http1", "import dev.pronto.core.internal.server.S;"));

        assertThat(PackageRules.violations(packages)).containsExactly("package cycle between exchange, server, util:"
                + " no package may depend on one that depends back on it");
    }

    @Test
    void theApiImportingAProtocolIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("api").put("Routes.java", "package dev.pronto.core;\nimport dev.pronto.core.internal.websocket.WsRoute;\n");

        assertThat(PackageRules.violations(packages)).containsExactly("api/Routes.java depends on websocket: the API"
                + " never depends on a protocol package (reach it through registry.BuiltInProtocols)");
    }

    @Test
    void theApiAndTheImplementationUsingEachOtherIsNoCycle() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("api").put("Server.java", "package dev.pronto.core;\nimport dev.pronto.core.internal.server.S;\n");
        packages.get("server").put("S.java", source("server", "import dev.pronto.core.Server;"));

        assertThat(PackageRules.violations(packages)).isEmpty();
    }

    @Test
    void aPackageAboveFortyMainFilesIsReported() {
        Map<String, Map<String, String>> packages = tree();
        for (int i = 0; i < 41; i++) {
            packages.get("http2").put("H" + i + ".java", source("http2", ""));
        }

        assertThat(PackageRules.violations(packages)).containsExactly("http2 has 41 main files, more than 40");
    }

    @Test
    void aPackageWithoutPackageInfoIsReported() {
        Map<String, Map<String, String>> packages = tree();
        packages.get("util").remove("package-info.java");

        assertThat(PackageRules.violations(packages)).containsExactly("util has no package-info.java");
    }

    /** A tree of empty, documented packages that breaks no rule. */
    private static Map<String, Map<String, String>> tree() {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        for (String pkg : new String[] {"exchange", "http1", "http2", "websocket", "teleport", "server", "util", "registry"}) {
            Map<String, String> files = new HashMap<>();
            files.put("package-info.java", "package dev.pronto.core.internal." + pkg + ";");
            packages.put(pkg, files);
        }
        packages.put("api", new HashMap<>());
        return packages;
    }

    private static String source(String pkg, String body) {
        return "package dev.pronto.core.internal." + pkg + ";\n" + body + "\n";
    }
}
