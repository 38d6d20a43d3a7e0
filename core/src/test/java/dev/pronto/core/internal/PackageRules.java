package dev.pronto.core.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The layering of {@code dev.pronto.core.internal} (docs/architecture.md), checked over source text:
 * a file depends on another internal package when it imports from it or names one of its types fully
 * qualified; files of one package see each other without either, so those references never cross.
 * No two internal packages depend on each other through any path (no cycles). The public API package
 * ({@link #API}) is read too: it is the facade, so it may use any implementation package but a protocol's.
 * The wire code the HTTP client shares is the module {@code dev.pronto.wire}, whose descriptor requires no
 * Pronto module: that boundary is the compiler's, and {@link #exportsInternal} keeps this module's
 * implementation packages unexported.
 */
final class PackageRules {
    static final Set<String> PROTOCOLS = Set.of("http1", "http2", "http3", "websocket", "teleport");
    static final String CORE = "exchange";
    /** The public API, {@code dev.pronto.core}, under this name. */
    static final String API = "api";
    /** The one file outside the protocols that names them: their registration. */
    static final String REGISTRATION = "registry/BuiltInProtocols.java";
    static final int MAX_FILES = 40;
    private static final Pattern INTERNAL = Pattern.compile("dev\\.pronto\\.core\\.internal\\.([a-z0-9]+)\\.");

    private PackageRules() {
    }

    /**
     * Main source files of the internal packages under {@code apiRoot/internal} and of the API package
     * ({@link #API}), by package name, then file name to source text.
     */
    static Map<String, Map<String, String>> read(Path apiRoot) {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        packages.put(API, sources(apiRoot));
        try (Stream<Path> dirs = Files.list(apiRoot.resolve("internal"))) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                packages.put(dir.getFileName().toString(), sources(dir));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packages;
    }

    private static Map<String, String> sources(Path dir) {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(dir)) {
            for (Path f : list.filter(p -> p.toString().endsWith(".java")).toList()) {
                files.put(f.getFileName().toString(), Files.readString(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** Every broken rule in {@code packages}, one readable line each; empty when all hold. */
    static List<String> violations(Map<String, Map<String, String>> packages) {
        List<String> out = new ArrayList<>();
        Map<String, Set<String>> graph = new TreeMap<>();
        packages.forEach((pkg, files) -> {
            graph.put(pkg, new TreeSet<>());
            if (!pkg.equals(API)) {
                shape(pkg, files, out);
            }
            files.forEach((file, source) -> {
                for (String target : dependencies(pkg, source)) {
                    graph.get(pkg).add(target);
                    String broken = broken(pkg, file, target);
                    if (broken != null) {
                        out.add(pkg + "/" + file + " depends on " + target + ": " + broken);
                    }
                }
            });
        });
        // the API and the implementation use each other by design (Server builds ServerContext, which
        // implements the API's types): cycles are checked among the implementation packages
        graph.remove(API);
        out.addAll(cycles(graph));
        return out;
    }

    private static void shape(String pkg, Map<String, String> files, List<String> out) {
        long count = files.keySet().stream().filter(f -> !f.equals("package-info.java")).count();
        if (count > MAX_FILES) {
            out.add(pkg + " has " + count + " main files, more than " + MAX_FILES);
        }
        if (!files.containsKey("package-info.java")) {
            out.add(pkg + " has no package-info.java");
        }
    }

    /** One line per package cycle: each strongly connected group of two or more packages, in name order. */
    static List<String> cycles(Map<String, Set<String>> graph) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (String pkg : graph.keySet()) {
            if (seen.contains(pkg)) {
                continue;
            }
            Set<String> group = new TreeSet<>();
            group.add(pkg);
            for (String other : reachable(graph, pkg)) {
                if (reachable(graph, other).contains(pkg)) {
                    group.add(other);
                }
            }
            seen.addAll(group);
            if (group.size() > 1) {
                out.add("package cycle between " + String.join(", ", group) + ": no package may depend on one that"
                        + " depends back on it");
            }
        }
        return out;
    }

    private static Set<String> reachable(Map<String, Set<String>> graph, String from) {
        Set<String> found = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(graph.getOrDefault(from, Set.of()));
        while (!todo.isEmpty()) {
            String next = todo.poll();
            if (found.add(next)) {
                todo.addAll(graph.getOrDefault(next, Set.of()));
            }
        }
        return found;
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

    /** The {@code exports} lines of a module descriptor's source that name an implementation package. */
    static List<String> exportsInternal(String moduleInfo) {
        return moduleInfo.lines().map(String::strip)
                .filter(line -> line.startsWith("exports ") && line.contains(".internal"))
                .toList();
    }

    /** The internal packages {@code source} (a file of {@code pkg}) refers to, other than {@code pkg}. */
    static Set<String> dependencies(String pkg, String source) {
        Set<String> targets = new TreeSet<>();
        Matcher m = INTERNAL.matcher(source);
        while (m.find()) {
            if (!m.group(1).equals(pkg)) {
                targets.add(m.group(1));
            }
        }
        return targets;
    }
}
