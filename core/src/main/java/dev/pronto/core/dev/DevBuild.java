package dev.pronto.core.dev;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles the service in this JVM with javac's API: the whole source tree each time (the processors write
 * whole-program files: DSL-JSON's configuration, the OpenAPI document), into a new directory so the running
 * version's class loader keeps reading the classes it was started with. One file manager for the JVM's life:
 * the library jars are opened and indexed once, which makes the second compilation several times faster.
 */
final class DevBuild {
    private final Path sources;
    private final Path resources;
    private final Path output;
    private final List<String> options;
    private final JavaCompiler javac;
    private final StandardJavaFileManager files;
    private final ClassLoader processors;
    private int generation;

    /** What one compilation produced. */
    record Result(boolean ok, String report, Path classes, int files, long startedNanos, long cpuNanos) {
    }

    DevBuild(Path sources, Path resources, Path output, List<String> javacOptions) {
        this.sources = sources;
        this.resources = resources;
        this.output = output;
        this.javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no Java compiler in this runtime: run the dev loop on a JDK, not a JRE");
        }
        this.files = javac.getStandardFileManager(null, Locale.ROOT, null);
        String classPath = classPath(output, System.getProperty("java.class.path"));
        this.processors = processorLoader(classPath);
        List<String> all = new ArrayList<>(List.of("-classpath", classPath, "-proc:full", "-implicit:none",
                "-parameters"));
        all.addAll(javacOptions);
        this.options = List.copyOf(all);
    }

    /** Compiles every source into {@code output/classes-N} and copies the resources beside them. */
    Result compile() {
        long began = System.nanoTime();
        // javac runs on this thread (processors included): its CPU time is what the compilation costs on an idle core
        long cpu = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        Path classes = output.resolve("classes-" + ++generation);
        Path generated = output.resolve("generated-" + generation);
        try {
            Files.createDirectories(classes);
            Files.createDirectories(generated);
            List<File> units = javaFiles();
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            boolean ok = task(units, diagnostics, withOutput(classes, generated)).call();
            if (ok) {
                copyResources(classes);
            }
            long cpuNanos = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu;
            return new Result(ok, report(diagnostics), classes, units.size(), began, cpuNanos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles {@code times} more times into a scratch directory, deleted afterwards, so that javac's code is
     * compiled by the JIT before the first edit. A change saved meanwhile is picked up when this returns.
     */
    void warmUp(int times) {
        Path scratch = output.resolve("warm-up");
        for (int i = 0; i < times; i++) {
            try {
                Files.createDirectories(scratch);
                task(javaFiles(), new DiagnosticCollector<>(), withOutput(scratch, scratch)).call();
                delete(scratch);
            } catch (IOException | RuntimeException e) {
                return;   // only a warm-up: the real compilations report their own errors
            }
        }
    }

    // Fresh processor instances per compilation (they keep state), loaded apart from the JVM's class path.
    private JavaCompiler.CompilationTask task(List<File> units, DiagnosticCollector<JavaFileObject> diagnostics,
            List<String> args) {
        JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics, args, null,
                files.getJavaFileObjectsFromFiles(units));
        task.setProcessors(ServiceLoader.load(Processor.class, processors).stream().map(ServiceLoader.Provider::get)
                .toList());
        return task;
    }

    /**
     * The processors' class loader: the compile class path over the platform loader, not the JVM's class path,
     * which holds the build's {@code target/classes} ({@code exec:exec} puts it there). Seen through the JVM's
     * loader, DSL-JSON's processor found the converters of the last {@code mvn package} and wrote an empty
     * configuration. Processors that need javac's internals ({@code com.sun.tools.javac}) are not supported.
     */
    private static ClassLoader processorLoader(String classPath) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            try {
                urls.add(Path.of(entry).toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("class path entry " + entry + " is not a valid path", e);
            }
        }
        return new URLClassLoader("pronto-dev-processors", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    private List<String> withOutput(Path classes, Path generated) {
        List<String> args = new ArrayList<>(options);
        args.addAll(List.of("-d", classes.toString(), "-s", generated.toString()));
        return args;
    }

    /** Deletes the directories of every compilation but {@code keep}'s (the one serving; may be null). */
    void discardExcept(Path keep) {
        String kept = keep == null ? "" : keep.getFileName().toString().substring("classes-".length());
        try (Stream<Path> dirs = Files.list(output)) {
            for (Path dir : dirs.toList()) {
                String name = dir.getFileName().toString();
                boolean ours = name.startsWith("classes-") || name.startsWith("generated-");
                if (ours && !name.substring(name.indexOf('-') + 1).equals(kept)) {
                    delete(dir);
                }
            }
        } catch (IOException e) {
            System.err.println("Pronto dev: could not delete old classes under " + output + ": " + e);
        }
    }

    private List<File> javaFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(sources)) {
            return walk.filter(p -> p.toString().endsWith(".java")).map(Path::toFile).toList();
        }
    }

    private void copyResources(Path classes) throws IOException {
        if (resources == null || !Files.isDirectory(resources)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(resources)) {
            for (Path from : walk.filter(Files::isRegularFile).toList()) {
                Path to = classes.resolve(resources.relativize(from).toString());
                Files.createDirectories(to.getParent());
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static String report(DiagnosticCollector<JavaFileObject> diagnostics) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            String where = d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ":"
                    + d.getColumnNumber() + ": ";
            sb.append(where).append(d.getKind().toString().toLowerCase(Locale.ROOT)).append(": ")
                    .append(d.getMessage(Locale.ROOT)).append('\n');
        }
        return sb.toString();
    }

    /**
     * The JVM's class path without the project's own classes: this loop's output, and the build's directories
     * beside it ({@code target/classes}, {@code target/test-classes}), which {@code exec:exec} puts on the class
     * path. Compiling against the build's copy of the service made DSL-JSON's processor find the converters it
     * was to write already there and leave the configuration empty (every JSON route a 500 after
     * {@code mvn package}); jars stay, wherever they are.
     */
    static String classPath(Path output, String jvmClassPath) {
        Path build = output.getParent();
        List<String> entries = new ArrayList<>();
        for (String entry : jvmClassPath.split(File.pathSeparator)) {
            Path path = entry.isEmpty() ? null : Path.of(entry).toAbsolutePath();
            boolean project = path != null && (path.startsWith(output)
                    || (build != null && path.startsWith(build) && Files.isDirectory(path)));
            if (path != null && !project) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
