package dev.pronto.testsupport;

import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A Netty {@link ResourceLeakDetector} that logs each leak as Netty does and also records it, so
 * {@link LeakCheckExtension} can fail the test class during which it was found.
 *
 * <p>Installed for every test JVM by the build ({@code -Dio.netty.customResourceLeakDetector}); Netty
 * creates one per resource type. Thread-safe: leaks are reported on whatever thread polls the queue.
 *
 * @param <T> the tracked resource type
 */
public final class LeakRecorder<T> extends ResourceLeakDetector<T> {
    private static final Queue<String> LEAKS = new ConcurrentLinkedQueue<>();

    /**
     * The constructor Netty's factory calls for a custom detector.
     *
     * @param resourceType the class of the tracked resources
     * @param samplingInterval how often a resource is tracked below the paranoid level
     */
    public LeakRecorder(Class<?> resourceType, int samplingInterval) {
        super(resourceType, samplingInterval);
    }

    /**
     * The older constructor Netty's factory also looks up; {@code maxActive} is ignored, as Netty does.
     *
     * @param resourceType the class of the tracked resources
     * @param samplingInterval how often a resource is tracked below the paranoid level
     * @param maxActive ignored
     */
    @SuppressWarnings("deprecation")
    public LeakRecorder(Class<?> resourceType, int samplingInterval, long maxActive) {
        super(resourceType, samplingInterval, maxActive);
    }

    /** Every leak is reported, even where logging at ERROR is off. */
    @Override
    protected boolean needReport() {
        return true;
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
        LEAKS.add(resourceType + " leaked; recent access records:" + records);
        super.reportTracedLeak(resourceType, records);
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
        LEAKS.add(resourceType + " leaked (no access records at this leak detection level)");
        super.reportUntracedLeak(resourceType);
    }

    /** Removes and returns the leaks recorded so far, oldest first. */
    static List<String> drain() {
        List<String> out = new ArrayList<>();
        for (String leak; (leak = LEAKS.poll()) != null; ) {
            out.add(leak);
        }
        return out;
    }
}
