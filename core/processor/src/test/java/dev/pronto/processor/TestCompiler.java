package dev.pronto.processor;

import com.dslplatform.json.processor.CompiledJsonAnnotationProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles controller sources held in strings with {@link RoutesProcessor} (and DSL-JSON's
 * processor, configured as {@code app.JsonConfig}) on the test class path, into a temporary
 * directory.
 */
final class TestCompiler {
    private TestCompiler() {
    }

    /** Compiles {@code sources}, each a complete compilation unit whose public type names the file. */
    static Compilation compile(String... sources) {
        return compileWith(List.of(), sources);
    }

    /** Compiles {@code sources} with the extra compiler {@code options}, such as {@code -Akey=value}. */
    static Compilation compileWith(List<String> extra, String... sources) {
        try {
            Path root = Files.createTempDirectory("pronto-processor");
            Path classes = Files.createDirectories(root.resolve("classes"));
            Path generated = Files.createDirectories(root.resolve("generated"));
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
                List<String> options = List.of("--release", "21", "-classpath", System.getProperty("java.class.path"),
                        "-d", classes.toString(), "-s", generated.toString(), "-Adsljson.configuration=app.JsonConfig");
                options = java.util.stream.Stream.concat(options.stream(), extra.stream()).toList();
                JavaCompiler.CompilationTask task = compiler.getTask(null, files, diagnostics, options, null, units(sources));
                task.setProcessors(List.of(new RoutesProcessor(), new CompiledJsonAnnotationProcessor()));
                boolean ok = task.call();
                return new Compilation(ok, diagnostics.getDiagnostics(), classes, generated);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JavaFileObject> units(String... sources) {
        List<JavaFileObject> units = new ArrayList<>();
        for (String source : sources) {
            units.add(new Source(source));
        }
        return units;
    }

    /** The outcome of one compilation. */
    record Compilation(boolean ok, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path classes,
            Path generated) {
        /** The error messages, in order. */
        List<String> errors() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> d.getMessage(Locale.ROOT)).toList();
        }

        /** The error diagnostics, in order. */
        List<Diagnostic<? extends JavaFileObject>> errorDiagnostics() {
            return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
        }

        /** The generated source file of {@code qualifiedName}. */
        String source(String qualifiedName) {
            try {
                return Files.readString(generated.resolve(qualifiedName.replace('.', '/') + ".java"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** A class loader over the compiled classes, child of the test class loader. */
        ClassLoader loader() {
            try {
                return new URLClassLoader(new URL[] {classes.toUri().toURL()}, TestCompiler.class.getClassLoader());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A compilation unit held in a string, named after its package and first public type. */
    private static final class Source extends SimpleJavaFileObject {
        private final String code;

        Source(String code) {
            super(URI.create("string:///" + path(code)), Kind.SOURCE);
            this.code = code;
        }

        private static String path(String code) {
            String pkg = code.startsWith("package ") ? code.substring(8, code.indexOf(';')).trim() : "";
            var matcher = java.util.regex.Pattern.compile("public (?:final )?(?:class|enum|record|interface) (\\w+)")
                    .matcher(code);
            String type = matcher.find() ? matcher.group(1) : "Unnamed";
            return (pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/") + type + ".java";
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }
    }
}
