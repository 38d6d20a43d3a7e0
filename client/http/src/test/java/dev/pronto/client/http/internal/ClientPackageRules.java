package dev.pronto.client.http.internal;

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
 * The layering of the client's {@code dev.pronto.client.http.internal} (docs/architecture.md, "The
 * client"), checked over source text. A file depends on a package when it imports from it or names one
 * of its types fully qualified; the shared core is the package {@code internal} itself. The public API
 * package ({@code api}) is read too: it is the facade, so it may use the core and {@code dispatch}, but
 * a protocol only from that protocol's own client class.
 */
final class ClientPackageRules {
    static final String CORE = "internal";
    static final String API = "api";
    static final String WIRING = "dispatch";
    static final Set<String> PROTOCOLS = Set.of("http1", "http2", "http3", "teleport", "websocket");
    /** API files that are one protocol's own client, and that protocol. */
    static final Map<String, String> FACADES = Map.of("TeleportClient.java", "teleport", "Http3Client.java", "http3");
    static final int MAX_FILES = 40;
    private static final Pattern REFERENCE =
            Pattern.compile("dev\\.pronto\\.client\\.http\\.internal\\.(?:([a-z0-9]+)\\.|[A-Z])");

    private ClientPackageRules() {
    }

    /** Main source files by package ({@link #CORE} for the root, {@link #API} for the API), then file name to text. */
    static Map<String, Map<String, String>> read(Path apiRoot) {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        packages.put(API, sources(apiRoot));
        Path internal = apiRoot.resolve("internal");
        packages.put(CORE, sources(internal));
        try (Stream<Path> dirs = Files.list(internal)) {
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
        graph.remove(API);
        graph.values().forEach(targets -> targets.remove(API));
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

    /** The packages {@code source} (a file of {@code pkg}) refers to, other than {@code pkg}. */
    static Set<String> dependencies(String pkg, String source) {
        Set<String> targets = new TreeSet<>();
        Matcher m = REFERENCE.matcher(source);
        while (m.find()) {
            String target = m.group(1) != null ? m.group(1) : CORE;
            if (!target.equals(pkg)) {
                targets.add(target);
            }
        }
        return targets;
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
            for (String other : reachable(graph, pkg)) {
                if (reachable(graph, other).contains(pkg)) {
                    group.add(other);
                }
            }
            group.add(pkg);
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

    /** The {@code exports} lines of a module descriptor's source that name an implementation package. */
    static List<String> exportsInternal(String moduleInfo) {
        return moduleInfo.lines().map(String::strip)
                .filter(line -> line.startsWith("exports ") && line.contains(".internal"))
                .toList();
    }
}
