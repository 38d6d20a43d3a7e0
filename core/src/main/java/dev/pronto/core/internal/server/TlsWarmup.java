package dev.pronto.core.internal.server;

import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;

/**
 * Builds the TLS contexts of a started server on one daemon thread, then lets its TLS listeners accept.
 * Why: the first context of a process costs hundreds of milliseconds, and the cleartext listeners should
 * not wait for it. A TLS listener is bound with auto-read off, so connections made meanwhile wait in the
 * kernel's accept queue and are handshaken as soon as the context exists; a context that cannot be built
 * closes its listener and logs an ERROR naming the listener and the file.
 */
final class TlsWarmup {
    private record Pending(Runnable build, List<Channel> channels, String where) {
    }

    private final List<Pending> pending = new ArrayList<>();
    private final Logger log;

    TlsWarmup(Logger log) {
        this.log = log;
    }

    /**
     * Adds a listener whose context is not built yet.
     *
     * @param build builds it ({@link ServerTls#prepare()}), throwing IllegalArgumentException when it cannot
     * @param channels the listener's channels, bound with auto-read off
     * @param where the listener, for the log
     */
    void add(Runnable build, List<Channel> channels, String where) {
        pending.add(new Pending(build, List.copyOf(channels), where));
    }

    /** Starts the thread, unless nothing is pending; returns it, or null. */
    Thread start() {
        if (pending.isEmpty()) {
            return null;
        }
        List<Pending> work = List.copyOf(pending);
        pending.clear();
        return Thread.ofPlatform().daemon().name("pronto-tls-init").start(() -> work.forEach(this::prepare));
    }

    private void prepare(Pending p) {
        long start = System.nanoTime();
        try {
            p.build().run();
        } catch (RuntimeException e) {
            log.error("TLS listener {} closed: its context cannot be built: {}", p.where(), e.getMessage());
            p.channels().forEach(Channel::close);
            return;
        }
        p.channels().forEach(ch -> ch.config().setAutoRead(true));
        log.debug("TLS ready on {} after {} ms", p.where(), (System.nanoTime() - start) / 1_000_000);
    }
}
