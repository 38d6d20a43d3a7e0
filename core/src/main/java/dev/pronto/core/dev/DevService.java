package dev.pronto.core.dev;

import dev.pronto.core.internal.server.ShutdownSignals;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Runs one version of the service at a time: its classes in a class loader of their own (child-first, so a
 * version never sees the previous one's classes, nor the build's {@code target/classes}), the libraries shared
 * through the parent. Calling {@code main} by name is the one reflective step, and it is this development tool's.
 */
final class DevService {
    private final String mainClass;

    DevService(String mainClass) {
        this.mainClass = mainClass;
    }

    /**
     * Stops what serves (if anything) and starts the classes in {@code next}; when their {@code main} fails,
     * starts {@code running} again.
     *
     * @return the directory of the version serving now (null when none)
     */
    Path restart(Path next, Path running) {
        if (running != null) {
            ShutdownSignals.drainNow();
        }
        try {
            start(next);
            return next;
        } catch (Throwable failed) {
            System.err.println("Pronto dev: " + mainClass + ".main failed: " + failed);
            failed.printStackTrace();
            ShutdownSignals.drainNow();   // whatever it started before failing
            if (running == null) {
                return null;
            }
            System.err.println("Pronto dev: starting the last good version again");
            try {
                start(running);
                return running;
            } catch (Throwable again) {
                System.err.println("Pronto dev: the last good version failed to start too: " + again);
                return null;
            }
        }
    }

    private void start(Path classes) throws Throwable {
        ClassLoader loader = new ChildFirst(classes, DevService.class.getClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            MethodHandle main = MethodHandles.publicLookup().findStatic(loader.loadClass(mainClass), "main",
                    MethodType.methodType(void.class, String[].class));
            main.invoke((Object) new String[0]);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /** Loads the version's own classes and resources before asking the parent. */
    private static final class ChildFirst extends URLClassLoader {
        static {
            registerAsParallelCapable();
        }

        ChildFirst(Path classes, ClassLoader parent) {
            super("pronto-dev", new URL[] {url(classes)}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && findResource(name.replace('.', '/') + ".class") != null) {
                    c = findClass(name);
                }
                if (c == null) {
                    return super.loadClass(name, resolve);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }

        @Override
        public URL getResource(String name) {
            URL own = findResource(name);
            return own != null ? own : super.getResource(name);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            Set<URL> all = new LinkedHashSet<>(Collections.list(findResources(name)));
            all.addAll(Collections.list(getParent().getResources(name)));
            return Collections.enumeration(all);
        }

        private static URL url(Path classes) {
            try {
                return classes.toUri().toURL();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
