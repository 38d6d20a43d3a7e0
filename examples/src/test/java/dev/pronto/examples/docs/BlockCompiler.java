package dev.pronto.examples.docs;

import dev.pronto.examples.docs.JavaBlocks.Unit;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles units in one compiler task, both annotation processors on; answers the errors as {@code file:line: message}. */
final class BlockCompiler {
    static final String PROCESSORS =
            "dev.pronto.processor.RoutesProcessor,com.dslplatform.json.processor.CompiledJsonAnnotationProcessor";
    /** The one DSL-JSON configuration class of the compilation (the quick start's {@code new AppJson()}). */
    static final String JSON_CONFIGURATION = "com.acme.hello.AppJson";

    private BlockCompiler() {
    }

    /** Compiles {@code units} into {@code out} and returns every error, located in its Markdown file. */
    static List<String> errors(List<Unit> units, Path out) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<JavaFileObject, Unit> sources = new IdentityHashMap<>();
        for (Unit unit : units) {
            sources.put(source(unit), unit);
        }
        String classPath = classPath();
        File classes = out.resolve("classes").toFile();
        File generated = out.resolve("generated").toFile();
        classes.mkdirs();
        generated.mkdirs();
        List<String> options = List.of("-d", classes.getPath(), "-s", generated.getPath(), "-classpath", classPath,
                "-processorpath", classPath, "-processor", PROCESSORS, "-Adsljson.configuration=" + JSON_CONFIGURATION,
                "-implicit:none", "-Xlint:none", "-nowarn");
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            javac.getTask(null, files, diagnostics, options, null, sources.keySet()).call();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                Unit unit = d.getSource() == null ? null : sources.get(d.getSource());
                String where = unit == null ? "(an annotation processor, no source line)"
                        : unit.block().file() + ":" + (unit.block().line() + d.getLineNumber() - 1);
                errors.add(where + ": " + d.getMessage(Locale.ROOT));
            }
        }
        return errors;
    }

    private static JavaFileObject source(Unit unit) {
        URI uri = URI.create("string:///" + unit.pkg().replace('.', '/') + "/" + unit.name() + ".java");
        return new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return unit.source();
            }
        };
    }

    /** The test class path, with the entries of a manifest-only jar (surefire's booter) spelled out. */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            entries.add(entry);
            if (entry.endsWith(".jar")) {
                entries.addAll(manifestClassPath(new File(entry)));
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static List<String> manifestClassPath(File jar) {
        List<String> entries = new ArrayList<>();
        try (JarFile file = new JarFile(jar)) {
            Manifest manifest = file.getManifest();
            String value = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (value != null) {
                for (String item : value.trim().split("\\s+")) {
                    URI uri = jar.toURI().resolve(item);
                    entries.add(new File(uri).getPath());
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            return entries;
        }
        return entries;
    }
}
