package dev.pronto.testsupport;

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
 * A module's package layering, checked over source text (the package rules tests of core and the client):
 * which packages a file refers to, the rules a module forbids of those references, the size and
 * documentation of each package, and cycles between packages. A module's sources are a map from package
 * name to its main files (file name to source text); the public API package is one of them, under the
 * name given to {@link #PackageGraph}. The API is the facade: it is exempt from the package shape and
 * the cycle check (API and implementation use each other by design). Immutable; any thread.
 */
public final class PackageGraph {
    /** The most main files an implementation package may have, {@code package-info.java} not counted. */
    public static final int MAX_FILES = 40;
    /** The prefix of Pronto's own modules, the only ones an implementation package may be exported to. */
    public static final String OWN_MODULES = "dev.pronto.";
    /** The name of the root implementation package ({@code ...internal} itself). */
    public static final String ROOT = "internal";

    /** One rule of a module about a dependency between its packages. */
    @FunctionalInterface
    public interface Rule {
        /**
         * The rule that file {@code file} of package {@code pkg} breaks by depending on package
         * {@code target}, as a readable reason, or null when it breaks none.
         */
        String broken(String pkg, String file, String target);
    }

    private final String api;
    private final Pattern reference;

    /**
     * A graph for a module whose API package goes by {@code api} and whose references to its implementation
     * packages match {@code reference}: group 1 names the package; a match without group 1 names a type
     * of the root implementation package ({@link #ROOT}).
     */
    public PackageGraph(String api, Pattern reference) {
        this.api = api;
        this.reference = reference;
    }

    /**
     * The main source files directly in {@code dir}, file name to text, in name order.
     *
     * @throws UncheckedIOException when the folder cannot be read
     */
    public static Map<String, String> sources(Path dir) {
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

    /**
     * The packages in the sub-folders of {@code dir}, by folder name, each as {@link #sources(Path)}.
     *
     * @throws UncheckedIOException when a folder cannot be read
     */
    public static Map<String, Map<String, String>> subpackages(Path dir) {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(dir)) {
            for (Path sub : dirs.filter(Files::isDirectory).toList()) {
                packages.put(sub.getFileName().toString(), sources(sub));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packages;
    }

    /**
     * Every broken rule in {@code packages}, one readable line each, empty when all hold: a dependency
     * {@code rule} forbids, an implementation package above {@link #MAX_FILES} or without
     * {@code package-info.java}, and each cycle among the implementation packages.
     */
    public List<String> violations(Map<String, Map<String, String>> packages, Rule rule) {
        List<String> out = new ArrayList<>();
        Map<String, Set<String>> graph = new TreeMap<>();
        packages.forEach((pkg, files) -> {
            graph.put(pkg, new TreeSet<>());
            if (!pkg.equals(api)) {
                shape(pkg, files, out);
            }
            files.forEach((file, source) -> {
                for (String target : dependencies(pkg, source)) {
                    graph.get(pkg).add(target);
                    String broken = rule.broken(pkg, file, target);
                    if (broken != null) {
                        out.add(pkg + "/" + file + " depends on " + target + ": " + broken);
                    }
                }
            });
        });
        graph.remove(api);
        graph.values().forEach(targets -> targets.remove(api));
        out.addAll(cycles(graph));
        return out;
    }

    /** The packages {@code source} (a file of {@code pkg}) refers to, other than {@code pkg}. */
    public Set<String> dependencies(String pkg, String source) {
        Set<String> targets = new TreeSet<>();
        Matcher m = reference.matcher(source);
        while (m.find()) {
            String target = m.group(1) != null ? m.group(1) : ROOT;
            if (!target.equals(pkg)) {
                targets.add(target);
            }
        }
        return targets;
    }

    /** One line per package cycle in {@code graph}: each strongly connected group of two or more packages, in name order. */
    public static List<String> cycles(Map<String, Set<String>> graph) {
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

    /**
     * The {@code exports} statements of a module descriptor's source that open an implementation package to
     * anyone but Pronto's own modules, each with its white space folded: an unqualified export of a package
     * with {@code .internal} in its name, or a qualified one with a target outside {@link #OWN_MODULES}.
     * Comments are left out.
     */
    public static List<String> exportsInternal(String moduleInfo) {
        String code = moduleInfo.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
        List<String> out = new ArrayList<>();
        for (String statement : code.split("[;{}]")) {
            String s = statement.strip().replaceAll("\\s+", " ");
            if (s.startsWith("exports ") && s.contains(".internal") && !toOwnModulesOnly(s)) {
                out.add(s + ";");
            }
        }
        return out;
    }

    private static boolean toOwnModulesOnly(String exports) {
        int to = exports.indexOf(" to ");
        if (to < 0) {
            return false;
        }
        for (String target : exports.substring(to + 4).split(",")) {
            if (!target.strip().startsWith(OWN_MODULES)) {
                return false;
            }
        }
        return true;
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
}
