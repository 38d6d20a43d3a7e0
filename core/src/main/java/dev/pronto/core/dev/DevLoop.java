package dev.pronto.core.dev;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A development loop in one JVM: compiles {@code src/main/java} with the annotation processors on the class
 * path (Pronto's and DSL-JSON's), starts the service's {@code main}, then on every saved change recompiles
 * and restarts it. A compile error is printed with its file and line and the last good version keeps
 * serving; a version whose {@code main} fails is replaced by the last good one again.
 *
 * <pre>{@code
 * java -cp <the service's class path, processors included> dev.pronto.core.dev.DevLoop com.acme.hello.App \
 *     -Adsljson.configuration=com.acme.hello.AppJson
 * }</pre>
 * The archetype's services run it with {@code mvn -Pdev exec:exec}. Arguments: the main class, then options
 * for javac. System properties: {@code pronto.dev.sources} (default {@code src/main/java}),
 * {@code pronto.dev.resources} ({@code src/main/resources}), {@code pronto.dev.output} ({@code target/dev}).
 *
 * <p>A restart stops every server started with the default shutdown hook, as SIGTERM does (in-flight requests
 * finish, the {@code onStop} hooks run), then calls {@code main} of the new classes in a fresh class loader;
 * the libraries stay loaded, so a restart costs milliseconds. Runs until the JVM is stopped.
 */
public final class DevLoop {
    /**
     * Compilations run and thrown away once the service is up: javac's first ones run interpreted and take
     * seconds; once its code is compiled by the JIT the one after the first edit takes a fraction of that.
     */
    private static final int WARM_UP_COMPILATIONS = 3;

    private DevLoop() {
    }

    /**
     * Runs the loop; never returns normally.
     *
     * @param args the main class of the service, then javac options such as {@code -Adsljson.configuration=...}
     * @throws Exception when the sources cannot be watched
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: DevLoop <main class> [javac options...]");
            System.exit(2);
        }
        Path sources = Path.of(System.getProperty("pronto.dev.sources", "src/main/java")).toAbsolutePath();
        Path resources = Path.of(System.getProperty("pronto.dev.resources", "src/main/resources")).toAbsolutePath();
        Path output = Path.of(System.getProperty("pronto.dev.output", "target/dev")).toAbsolutePath();
        List<String> javacOptions = Arrays.stream(args, 1, args.length).filter(a -> !a.contains("${")).toList();
        DevBuild build = new DevBuild(sources, resources, output, javacOptions);
        DevService service = new DevService(args[0]);
        try (DevWatch watch = DevWatch.of(sources, Files.isDirectory(resources) ? resources : null)) {
            Path running = rebuildAndRestart(build, service, null, System.nanoTime());
            build.warmUp(WARM_UP_COMPILATIONS);
            System.out.println("Pronto dev: watching " + sources + " for changes");
            while (true) {
                long changed = watch.awaitChange();
                running = rebuildAndRestart(build, service, running, changed);
            }
        }
    }

    /** One turn: compile into a fresh directory; on success swap the service over. Returns what serves now. */
    private static Path rebuildAndRestart(DevBuild build, DevService service, Path running, long changedNanos) {
        DevBuild.Result result = build.compile();
        if (!result.ok()) {
            System.err.println(result.report());
            System.err.println(running == null ? "Pronto dev: fix the errors above; nothing is serving yet"
                    : "Pronto dev: compilation failed; the last good version keeps serving");
            return running;
        }
        long compiled = System.nanoTime();
        Path serving = service.restart(result.classes(), running);
        long started = System.nanoTime();
        if (result.classes().equals(serving)) {
            System.out.printf("Pronto dev: %d files compiled in %d ms (%d ms of CPU), restarted in %d ms (%d ms since the"
                    + " change)%n", result.files(), ms(compiled - result.startedNanos()), ms(result.cpuNanos()),
                    ms(started - compiled), ms(started - changedNanos));
        }
        build.discardExcept(serving);
        return serving;
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
