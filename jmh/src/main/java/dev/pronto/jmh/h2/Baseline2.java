package dev.pronto.jmh.h2;

/** The sum every h2 server of the load script answers, so all do the same work. */
final class Baseline2 {
    private Baseline2() {
    }

    static long sum(String a, String b) {
        return parse(a) + parse(b);
    }

    private static long parse(String v) {
        return v == null || v.isEmpty() ? 0 : Long.parseLong(v);
    }
}
