package dev.pronto.archetype;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM and the starter parent have no parent (importing or inheriting them must not bring Pronto's build), so
 * they repeat versions the root pom owns; these checks keep the copies in step.
 */
class VersionsTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void starterParentNamesThisBuildsVersion() {
        String starter = read("starter-parent/pom.xml");

        assertThat(ownVersion(starter)).isEqualTo(rootVersion());
        assertThat(property(starter, "pronto.version")).isEqualTo(rootVersion());
        assertThat(property(starter, "dsljson.version")).isEqualTo(property(read("pom.xml"), "dsljson.version"));
    }

    @Test
    void bomNamesThisBuildsVersions() {
        String bom = read("bom/pom.xml");
        String root = read("pom.xml");

        assertThat(ownVersion(bom)).isEqualTo(rootVersion());
        assertThat(property(bom, "pronto.version")).isEqualTo(rootVersion());
        for (String name : new String[] {"netty.version", "dsljson.version", "slf4j.version", "junit.version",
                "assertj.version"}) {
            assertThat(property(bom, name)).as(name).isEqualTo(property(root, name));
        }
    }

    private static String rootVersion() {
        return ownVersion(read("pom.xml"));
    }

    /** The first {@code <version>} after the project's {@code <artifactId>}: the pom's own. */
    private static String ownVersion(String pom) {
        return find(pom, "(?s)</modelVersion>.*?<artifactId>[^<]+</artifactId>\\s*<version>([^<]+)</version>");
    }

    private static String property(String pom, String name) {
        return find(pom, "<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">");
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("matches %s", regex).isTrue();
        return m.group(1);
    }

    private static String read(String file) {
        try {
            return Files.readString(ROOT.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
