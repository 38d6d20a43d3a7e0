package dev.pronto.core.internal;

import dev.pronto.testsupport.PackageGraph;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The layering of {@code dev.pronto.core.internal} (docs/architecture.md), checked over source text
 * ({@link PackageGraph}): a file depends on another internal package when it imports from it or names one
 * of its types fully qualified; files of one package see each other without either, so those references
 * never cross. No two internal packages depend on each other through any path (no cycles). The public API
 * package ({@link #API}) is read too: it is the facade, so it may use any implementation package but a
 * protocol's. The wire code the HTTP client shares is the module {@code dev.pronto.wire}, whose descriptor
 * requires no Pronto module: that boundary is the compiler's, and {@link PackageGraph#exportsInternal} keeps
 * this module's implementation packages unexported.
 */
final class PackageRules {
    static final Set<String> PROTOCOLS = Set.of("http1", "http2", "http3", "websocket", "teleport");
    static final String CORE = "exchange";
    /** The public API, {@code dev.pronto.core}, under this name. */
    static final String API = "api";
    /** The one file outside the protocols that names them: their registration. */
    static final String REGISTRATION = "registry/BuiltInProtocols.java";
    private static final PackageGraph GRAPH =
            new PackageGraph(API, Pattern.compile("dev\\.pronto\\.core\\.internal\\.([a-z0-9]+)\\."));

    private PackageRules() {
    }

    /**
     * Main source files of the internal packages under {@code apiRoot/internal} and of the API package
     * ({@link #API}), by package name, then file name to source text.
     */
    static Map<String, Map<String, String>> read(Path apiRoot) {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        packages.put(API, PackageGraph.sources(apiRoot));
        packages.putAll(PackageGraph.subpackages(apiRoot.resolve("internal")));
        return packages;
    }

    /** Every broken rule in {@code packages}, one readable line each; empty when all hold. */
    static List<String> violations(Map<String, Map<String, String>> packages) {
        return GRAPH.violations(packages, PackageRules::broken);
    }

    /** The rule that {@code pkg/file} depending on {@code target} breaks, or null. */
    private static String broken(String pkg, String file, String target) {
        boolean toProtocol = PROTOCOLS.contains(target);
        if (pkg.equals(API) && toProtocol) {
            return "the API never depends on a protocol package (reach it through registry.BuiltInProtocols)";
        }
        if (PROTOCOLS.contains(pkg) && toProtocol) {
            return "a protocol never depends on another protocol (find it by id through ProtocolCarriers)";
        }
        if (pkg.equals(CORE) && toProtocol) {
            return "the exchange core never depends on a protocol";
        }
        if (!PROTOCOLS.contains(pkg) && toProtocol && !(pkg + "/" + file).equals(REGISTRATION)) {
            return "only " + REGISTRATION + " names a protocol outside the protocols";
        }
        return null;
    }
}
