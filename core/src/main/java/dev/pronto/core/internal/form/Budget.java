package dev.pronto.core.internal.form;

import dev.pronto.core.FormLimits;
import dev.pronto.core.PayloadTooLargeException;
import java.nio.file.Path;

/** The counts {@link FormLimits} bound for one form, each past its limit a 413 naming the setting. */
final class Budget {
    private final FormLimits limits;
    private long total;
    private long memory;
    private int parts;
    private int fields;

    Budget(FormLimits limits) {
        this.limits = limits;
    }

    /** Where temporary files go. */
    Path dir() {
        return limits.tempDir() != null ? limits.tempDir() : Path.of(System.getProperty("java.io.tmpdir"));
    }

    void total(int n) {
        total += n;
        if (total > limits.maxTotalSize()) {
            throw new PayloadTooLargeException("Multipart body exceeds " + limits.maxTotalSize() + " bytes (maxTotalSize)");
        }
    }

    void part() {
        if (++parts > limits.maxParts()) {
            throw new PayloadTooLargeException("Multipart body has more than " + limits.maxParts() + " parts (maxParts)");
        }
    }

    void field() {
        if (++fields > limits.maxFields()) {
            throw new PayloadTooLargeException("Form has more than " + limits.maxFields() + " fields (maxFields)");
        }
    }

    /** {@code n} more bytes of field {@code name}, which holds {@code had}. */
    void fieldBytes(String name, int had, int n) {
        if ((long) had + n > limits.maxFieldSize()) {
            throw new PayloadTooLargeException("Form field '" + name + "' exceeds " + limits.maxFieldSize()
                    + " bytes (maxFieldSize)");
        }
        if (!tryMemory(n)) {
            throw new PayloadTooLargeException("Form fields exceed " + limits.maxMemorySize() + " bytes in memory"
                    + " (maxMemorySize)");
        }
    }

    /** Takes {@code n} bytes of memory if the form stays within {@code maxMemorySize}. */
    boolean tryMemory(int n) {
        if (memory + n > limits.maxMemorySize()) {
            return false;
        }
        memory += n;
        return true;
    }

    void freeMemory(long n) {
        memory -= n;
    }
}
