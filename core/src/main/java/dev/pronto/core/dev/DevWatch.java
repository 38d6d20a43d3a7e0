package dev.pronto.core.dev;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Watches source trees for saved changes. An editor's save is often several events (a temporary file, a
 * rename, a modification): a change counts once no further event arrived for {@value #QUIET_MILLIS} ms.
 */
final class DevWatch implements AutoCloseable {
    private static final long QUIET_MILLIS = 20;
    private final WatchService service;

    private DevWatch(WatchService service) {
        this.service = service;
    }

    /** Watches every directory under {@code sources} and {@code resources} (which may be null). */
    static DevWatch of(Path sources, Path resources) throws IOException {
        DevWatch watch = new DevWatch(FileSystems.getDefault().newWatchService());
        watch.registerTree(sources);
        if (resources != null) {
            watch.registerTree(resources);
        }
        return watch;
    }

    /**
     * Blocks until a change has settled.
     *
     * @return {@link System#nanoTime()} of the change's first event
     */
    long awaitChange() throws InterruptedException, IOException {
        WatchKey key = service.take();
        long first = System.nanoTime();
        while (key != null) {
            drain(key);
            key = service.poll(QUIET_MILLIS, TimeUnit.MILLISECONDS);
        }
        return first;
    }

    private void drain(WatchKey key) throws IOException {
        Path dir = (Path) key.watchable();
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && event.context() instanceof Path name
                    && Files.isDirectory(dir.resolve(name))) {
                registerTree(dir.resolve(name));   // a new package
            }
        }
        key.reset();
    }

    private void registerTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path dir : walk.filter(Files::isDirectory).toList()) {
                dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                        StandardWatchEventKinds.ENTRY_DELETE);
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            service.close();
        } catch (ClosedWatchServiceException ignored) {
            // already closed
        }
    }
}
