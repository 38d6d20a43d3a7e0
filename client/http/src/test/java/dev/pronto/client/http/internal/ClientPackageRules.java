package dev.pronto.client.http.internal;

import dev.pronto.testsupport.PackageGraph;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The layering of the client's {@code dev.pronto.client.http.internal} (docs/architecture.md, "The
 * client"), checked over source text ({@link PackageGraph}). A file depends on a package when it imports
 * from it or names one of its types fully qualified; the shared core is the package {@code internal}
 * itself. The public API package ({@code api}) is read too: it is the facade, so it may use the core and
 * {@code dispatch}, but a protocol only from that protocol's own client class.
 */
final class ClientPackageRules {
    static final String CORE = PackageGraph.ROOT;
    static final String API = "api";
    static final String WIRING = "dispatch";
    static final Set<String> PROTOCOLS = Set.of("http1", "http2", "http3", "teleport", "websocket");
    /** API files that are one protocol's own client, and that protocol. */
    static final Map<String, String> FACADES = Map.of("TeleportClient.java", "teleport", "Http3Client.java", "http3");
    private static final PackageGraph GRAPH = new PackageGraph(API,
            Pattern.compile("dev\\.pronto\\.client\\.http\\.internal\\.(?:([a-z0-9]+)\\.|[A-Z])"));

    private ClientPackageRules() {
    }

    /** Main source files by package ({@link #CORE} for the root, {@link #API} for the API), then file name to text. */
    static Map<String, Map<String, String>> read(Path apiRoot) {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        packages.put(API, PackageGraph.sources(apiRoot));
        Path internal = apiRoot.resolve("internal");
        packages.put(CORE, PackageGraph.sources(internal));
        packages.putAll(PackageGraph.subpackages(internal));
        return packages;
    }

    /** Every broken rule in {@code packages}, one readable line each; empty when all hold. */
    static List<String> violations(Map<String, Map<String, String>> packages) {
        return GRAPH.violations(packages, ClientPackageRules::broken);
    }

    /** The rule that {@code pkg/file} depending on {@code target} breaks, or null. */
    private static String broken(String pkg, String file, String target) {
        if (!PROTOCOLS.contains(target)) {
            return null;
        }
        if (PROTOCOLS.contains(pkg)) {
            return "a protocol never depends on another protocol (the core's interfaces connect them)";
        }
        if (pkg.equals(CORE)) {
            return "the shared core never depends on a protocol (ConnectionProtocols hands it their connections)";
        }
        if (pkg.equals(API) && target.equals(FACADES.get(file)) || pkg.equals(WIRING)) {
            return null;
        }
        return "only " + WIRING + " and a protocol's own client (" + String.join(", ", new TreeSet<>(FACADES.keySet()))
                + ") name a protocol";
    }
}
