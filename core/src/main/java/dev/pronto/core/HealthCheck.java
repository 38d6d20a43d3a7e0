package dev.pronto.core;

import java.util.Objects;

/**
 * One readiness or liveness check of {@link Health}, such as "Postgres has a live connection".
 *
 * <p>Runs on an event loop for every probe: it must be quick, must not block and must not throw
 * (a throwing check counts as down, with the exception's class as detail). Read state the component
 * keeps up to date; never do I/O here.
 */
@FunctionalInterface
public interface HealthCheck {
    /** The current state. */
    Result check();

    /**
     * A check's outcome.
     *
     * @param up whether the component can serve
     * @param detail why it is down, or empty
     */
    record Result(boolean up, String detail) {
        private static final Result UP = new Result(true, "");

        /** Checks {@code detail} is present. */
        public Result {
            Objects.requireNonNull(detail, "detail");
        }

        /** The component can serve. */
        public static Result healthy() {
            return UP;
        }

        /** The component cannot serve, because of {@code detail}. */
        public static Result unhealthy(String detail) {
            return new Result(false, detail);
        }
    }
}
