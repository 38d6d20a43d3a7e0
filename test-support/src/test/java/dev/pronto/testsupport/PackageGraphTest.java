package dev.pronto.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The module-independent part of the package rules: references, cycles, exports. */
class PackageGraphTest {
    private static final PackageGraph GRAPH =
            new PackageGraph("api", Pattern.compile("a\\.internal\\.(?:([a-z0-9]+)\\.|[A-Z])"));

    @Test
    void anExportedImplementationPackageIsReported() {
        String moduleInfo = "module m {\n    exports a;\n    exports a.internal.wire to other;\n}";

        assertThat(PackageGraph.exportsInternal(moduleInfo)).containsExactly("exports a.internal.wire to other;");
    }

    @Test
    void aReferenceWithoutAPackageNamesTheRoot() {
        String source = "import a.internal.Root;\nimport a.internal.http1.H;\nimport a.internal.own.O;";

        assertThat(GRAPH.dependencies("own", source)).containsExactly("http1", PackageGraph.ROOT);
    }

    @Test
    void aCycleIsReportedOnceAndAPathIsNot() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));

        assertThat(PackageGraph.cycles(graph)).containsExactly("package cycle between a, b, c:"
                + " no package may depend on one that depends back on it");
    }
}
