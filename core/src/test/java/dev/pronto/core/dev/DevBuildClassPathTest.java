package dev.pronto.core.dev;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dev loop compiles against the libraries only, never against the build's own copy of the service. */
class DevBuildClassPathTest {
    @TempDir
    Path project;

    @Test
    void buildOutputDirectoriesAreLeftOutAndLibrariesKept() throws Exception {
        Path target = project.resolve("target");
        Path classes = Files.createDirectories(target.resolve("classes"));
        Path testClasses = Files.createDirectories(target.resolve("test-classes"));
        Path own = Files.createDirectories(target.resolve("dev/classes-1"));
        Path library = Files.createFile(project.resolve("lib.jar"));
        String jvm = String.join(File.pathSeparator, classes.toString(), testClasses.toString(), own.toString(),
                library.toString());

        String compiled = DevBuild.classPath(target.resolve("dev"), jvm);

        assertThat(compiled.split(File.pathSeparator)).containsExactly(library.toString());
    }
}
