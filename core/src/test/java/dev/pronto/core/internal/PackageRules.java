package dev.pronto.core.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * The wire code the HTTP client shares is the module {@code dev.pronto.wire}, whose descriptor requires no
 * Pronto module: that boundary is the compiler's, and {@link #exportsInternal} keeps this module's
 * implementation packages unexported.
 */
final class PackageRules {
    static final Set<String> PROTOCOLS = Set.of("http1", "http2", "http3", "websocket", "teleport");
    static final String CORE = "exchange";
    /** The one file outside the protocols that names them: their registration. */
    static final String REGISTRATION = "server/BuiltInProtocols.java";
    static final int MAX_FILES = 40;
    private static final Pattern INTERNAL = Pattern.compile("dev\\.pronto\\.core\\.internal\\.([a-z0-9]+)\\.");

    private PackageRules() {
    }

    /** Main source files of the internal packages, by package name, then file name to source text. */
    static Map<String, Map<String, String>> read(Path internalRoot) {
        Map<String, Map<String, String>> packages = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(internalRoot)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                Map<String, String> files = new TreeMap<>();
                try (Stream<Path> sources = Files.list(dir)) {
                    for (Path f : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                        files.put(f.getFileName().toString(), Files.readString(f));
                    }
                }
                packages.put(dir.getFileName().toString(), files);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packages;
    }

    /** Every broken rule in {@code packages}, one readable line each; empty when all hold. */
    static List<String> violations(Map<String, Map<String, String>> packages) {
        List<String> out = new ArrayList<>();
        packages.forEach((pkg, files) -> {
            long count = files.keySet().stream().filter(f -> !f.equals("package-info.java")).count();
            if (count > MAX_FILES) {
                out.add(pkg + " has " + count + " main files, more than " + MAX_FILES);
            }
            if (!files.containsKey("package-info.java")) {
                out.add(pkg + " has no package-info.java");
            }
            files.forEach((file, source) -> {
                for (String target : dependencies(pkg, source)) {
                    String broken = broken(pkg, file, target);
                    if (broken != null) {
                        out.add(pkg + "/" + file + " depends on " + target + ": " + broken);
                    }
                }
            });
        });
        return out;
    }

    /** The rule that {@code pkg/file} depending on {@code target} breaks, or null. */
    private static String broken(String pkg, String file, String target) {
        boolean toProtocol = PROTOCOLS.contains(target);
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

    /** The other internal packages {@code source} (a file of {@code pkg}) refers to. */
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
